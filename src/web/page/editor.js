// The board editor.
