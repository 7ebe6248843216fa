// duckchess: the reader's own studies. "Save as study" keeps the game on
// the board (its start, its whole tree, the move shown) with a title and a
// goal in the browser; they join the study menu under "My studies", and go
// out and come back as a file, so that a teacher can hand a set to a class.
// Loaded after keep.js, whose snapshot and loading they use.
"use strict";

const MY_STUDIES_KEY = "duckchess-studies";
// The file's format, written in it so that a later one can be told apart.
const STUDIES_FORMAT = "duckchess-studies";
// At most this many studies are kept, and a file of more is refused.
const MAX_MY_STUDIES = 500;

function myStudies() {
  try {
    const list = JSON.parse(localStorage.getItem(MY_STUDIES_KEY) || "[]");
    return Array.isArray(list) ? list.filter(isStudy) : [];
  } catch (e) {
    return [];
  }
}

function isStudy(s) {
  return (
    s &&
    typeof s.title === "string" &&
    typeof s.variant === "string" &&
    typeof s.start === "string" &&
    Array.isArray(s.tree) &&
    s.tree.every((t) => t && typeof t.coord === "string" && (t.parent === null || Number.isInteger(t.parent)))
  );
}

function storeMyStudies(list) {
  localStorage.setItem(MY_STUDIES_KEY, JSON.stringify(list.slice(0, MAX_MY_STUDIES)));
  fillMyStudies();
}

// The study menu's "My studies" group: values `mine:N`.
function fillMyStudies() {
  const sel = $("study");
  const old = sel.querySelector("optgroup.mine");
  if (old) old.remove();
  const list = myStudies();
  if (!list.length) return;
  const group = document.createElement("optgroup");
  group.className = "mine";
  group.label = "My studies";
  list.forEach((s, i) => {
    const o = document.createElement("option");
    o.value = `mine:${i}`;
    const v = game.variants.find((x) => x.name === s.variant);
    o.textContent = `${s.title} (${v ? v.title : s.variant})`;
    group.appendChild(o);
  });
  sel.appendChild(group);
}

// Saves the game on the board as a study; one of the same title and game
// is replaced.
function saveStudy() {
  const title = $("study-title").value.trim();
  if (!title) {
    setStatus("A study needs a title.", "error");
    return;
  }
  const snap = snapshot();
  const study = {
    title,
    goal: $("study-goal-text").value.trim(),
    variant: snap.variant,
    start: snap.start,
    tags: snap.tags,
    tree: snap.tree,
    at: snap.at,
  };
  const list = myStudies().filter((s) => !(s.title === title && s.variant === study.variant));
  list.push(study);
  storeMyStudies(list);
  $("study").value = `mine:${myStudies().length - 1}`;
  showStudy({ title, goal: study.goal, variant: study.variant, solution: "" });
  kept();
  setStatus(`Saved the study "${title}".`);
}

async function loadMyStudy(i) {
  const s = myStudies()[i];
  if (!s || !game.variants.some((v) => v.name === s.variant)) return;
  game.imported = [];
  fillImported();
  // Shown, and kept across a reload, by its title (keep.js finds it).
  await loadSnapshot({ variant: s.variant, start: s.start, tags: s.tags || [], tree: s.tree, study: s.title }, s.at ?? -1);
}

// The studies as a file: a link to download, made afresh on each click.
function exportStudies() {
  const text = JSON.stringify({ format: STUDIES_FORMAT, version: 1, studies: myStudies() }, null, 1);
  const link = $("study-export-link");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.hidden = false;
  link.click();
}

// Reads a file of studies: each new one is added (one of the same title
// and game replaced); what is not a study file is said in words.
async function importStudies(file) {
  try {
    if (file.size > 4 << 20) throw new Error("more than 4 MiB");
    const data = JSON.parse(await file.text());
    if (!data || data.format !== STUDIES_FORMAT || !Array.isArray(data.studies)) {
      throw new Error(`not a file of duckchess studies (its "format" is not "${STUDIES_FORMAT}")`);
    }
    const incoming = data.studies.filter(isStudy);
    if (incoming.length > MAX_MY_STUDIES) throw new Error(`more than ${MAX_MY_STUDIES} studies`);
    const key = (s) => `${s.variant}\n${s.title}`;
    const fresh = new Set(incoming.map(key));
    const list = myStudies().filter((s) => !fresh.has(key(s))).concat(incoming);
    storeMyStudies(list);
    const skipped = data.studies.length - incoming.length;
    setStatus(`Imported ${incoming.length} ${incoming.length === 1 ? "study" : "studies"}` +
      (skipped ? ` (${skipped} not read: not a study)` : "") + ".");
  } catch (e) {
    setStatus(`Studies file: ${e.message}`, "error");
  } finally {
    $("study-import").value = "";
  }
}

function studyButtons() {
  $("study-save").addEventListener("click", saveStudy);
  $("study-export").addEventListener("click", exportStudies);
  $("study-import").addEventListener("change", () => {
    const f = $("study-import").files[0];
    if (f) importStudies(f);
  });
  fillMyStudies();
}
