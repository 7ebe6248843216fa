-- Takebacks (docs/online.md#takebacks): the side asking to take back its
-- last move, as `draw_offer` keeps a draw offer (white, black or NULL).
ALTER TABLE games ADD COLUMN takeback_offer TEXT;
