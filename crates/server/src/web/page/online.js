// duckchess: games between people. The board, the move list and the
// analysis are app.js's; this file adds the online panel: play a friend
// (an invitation link), play the computer, open games to join, and a game
// at /game/ID kept by the server — its clocks, offers, result and rematch,
// read live from the game's NDJSON stream (the same stream bots read).
"use strict";

const online = {
  id: null, // the game at /game/ID
  full: null, // the server's gameFull
  st: null, // the latest gameState
  at: 0, // performance.now() when st arrived
  you: null, // "white" | "black" | null (a spectator)
  abort: null, // the stream's AbortController
  tick: null,
  lastPly: -1,
};

const SIDE_KEYS = ["white", "black"];

function sound(kind) {
  if (localStorage.getItem("duckchess-sound") === "off") return;
  try {
    const ctx = sound.ctx || (sound.ctx = new AudioContext());
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = { move: 440, capture: 330, check: 660, low: 880, end: 220 }[kind] || 440;
    g.gain.value = 0.08;
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + (kind === "end" ? 0.35 : 0.08));
  } catch (e) { /* no audio: silent */ }
}

function fmtClock(ms) {
  if (ms >= 2147483647) return "∞";
  const s = Math.max(0, Math.ceil(ms / 100) / 10);
  const m = Math.floor(s / 60);
  const sec = s - m * 60;
  return s < 10 ? `${m}:${sec.toFixed(1).padStart(4, "0")}` : `${m}:${String(Math.floor(sec)).padStart(2, "0")}`;
}

function sideName(i) {
  return (online.full && online.full.sides && online.full.sides[i]) || SIDE_KEYS[i];
}

function playerName(p) {
  if (!p) return "?";
  if (p.open) return "(open seat)";
  const rating = p.shown ? ` (${p.shown})` : "";
  return (p.name || "?") + rating;
}

async function post(path, body) {
  return api(path, body === undefined ? {} : body);
}

// Reads an NDJSON stream from `res` to its end, each JSON line to
// `onMessage` (empty keep-alive lines skipped); `onMessage` returning true
// stops reading.
async function readNdjson(res, onMessage) {
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += dec.decode(value, { stream: true });
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (line && onMessage(JSON.parse(line))) {
        reader.cancel();
        return;
      }
    }
  }
}

// ---- the home: play a friend, the computer, open games ----

async function createGame(computer) {
  const fromBoard = $("online-from-board").checked && game.state;
  const body = {
    variant: fromBoard ? game.variant.name : $("online-variant").value,
    position: fromBoard ? game.state.position : undefined,
    clock: $("online-clock").value,
    color: $("online-color").value,
    name: $("online-name").value.trim() || undefined,
  };
  if (computer) body.computer_ms = parseInt($("online-think").value, 10) || 1000;
  // A rated game against the computer plays one of its levels (an account
  // with a rating): 100, 300, 1000 or 3000 ms.
  body.rated = $("online-rated").checked;
  try {
    const res = await post("/api/online/games", body);
    localStorage.setItem("duckchess-name", body.name || "");
    location.href = res.url;
  } catch (e) {
    $("online-message").textContent = e.message;
  }
}

async function fillLists() {
  try {
    const me = await api("/api/online/me?optional=true").catch(() => null);
    if (me) {
      const mine = await api(`/api/online/player/${me.id}/games`);
      $("online-mine-box").hidden = !mine.games.length;
      renderList($("online-mine"), mine.games, false);
    }
    const lists = await api("/api/online/games");
    renderList($("online-open"), lists.open, true);
    renderList($("online-recent"), lists.recent, false);
  } catch (e) {
    $("online-message").textContent = e.message;
  }
}

// `whose`: a player's id, whose rating change each rated game shows.
function renderList(el, games, join, whose) {
  el.innerHTML = "";
  for (const g of games) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    const clock = clockText(g.clock);
    a.textContent = `${g.variant} ${clock}: ${playerName(g.white)} – ${playerName(g.black)}`;
    li.appendChild(a);
    if (!join && g.reason) li.append(` — ${g.reason}`);
    const side = whose && g.white && g.white.id === whose ? "white" : whose && g.black && g.black.id === whose ? "black" : null;
    if (side && g.ratingDiff) {
      const d = g.ratingDiff[side];
      const span = document.createElement("span");
      span.className = `rating-diff ${d > 0 ? "up" : d < 0 ? "down" : ""}`;
      span.textContent = ` ${d >= 0 ? "+" : "−"}${Math.abs(d)}`;
      li.appendChild(span);
    }
    el.appendChild(li);
  }
  if (!games.length) el.innerHTML = "<li>none</li>";
}

// ---- a game at /game/ID ----

// The players and their clocks above and below the board, as on lichess:
// the side at the bottom of the board below it.
function placeSeats() {
  const bottom = game.flipped ? 1 : 0;
  for (const [i, bar] of [[bottom, "seat-bottom"], [1 - bottom, "seat-top"]]) {
    const seat = $(`online-seat-${i}`);
    if (seat.parentElement !== $(bar)) $(bar).appendChild(seat);
    $(bar).hidden = false;
  }
}

// The material difference beside each player, as on lichess: the pieces
// a side has more of than the other, kind by kind, on the board shown
// (any game: no values, the pieces themselves).
function showMaterial() {
  const cells = game.state && game.state.board && game.state.board.cells;
  const sides = game.variant ? game.variant.sides : [];
  const count = {};
  for (const c of cells || []) {
    if (!c.piece) continue;
    const k = (count[c.piece.name] ||= { glyph: {}, n: [0, 0] });
    const i = sides.indexOf(c.piece.color);
    if (i < 0) continue;
    k.n[i]++;
    k.glyph[i] = c.piece.glyph;
  }
  for (const i of [0, 1]) {
    let text = "";
    for (const k of Object.values(count)) {
      const more = k.n[i] - k.n[1 - i];
      if (more > 0) text += k.glyph[i].repeat(Math.min(more, 8));
    }
    $(`online-seat-${i}`).querySelector(".material").textContent = text;
  }
}

// A time control as people write it: "10+5" (minutes, seconds), "untimed".
function clockText(clock) {
  return clock ? `${clock.initial / 60000}+${clock.increment / 1000}` : "untimed";
}

// Rated or casual, the time control and its speed: "Rated · 3+2 · blitz".
function gameKind(f) {
  return [f.rated ? "Rated" : "Casual", clockText(f.clock), f.speed].filter(Boolean).join(" · ");
}

// The tab's title says whose move it is, as lichess's does.
function tabTitle(st) {
  if (st.status !== "started" && st.status !== "created") return `Game over · duckchess`;
  if (st.status === "created") return "Waiting for an opponent · duckchess";
  if (online.you) {
    return st.toMove === online.you ? "Your turn · duckchess" : "Waiting for opponent · duckchess";
  }
  return `${st.toMove} to move · duckchess`;
}

// A line of the game's chat, as the stream sends it.
function chatLine(msg) {
  const li = document.createElement("li");
  const who = document.createElement("b");
  who.textContent = msg.username;
  li.append(who, `: ${msg.text}`);
  if (msg.room === "spectator") li.classList.add("spectator");
  const list = $("online-chat-lines");
  list.appendChild(li);
  list.scrollTop = list.scrollHeight;
}

async function sendChat(e) {
  e.preventDefault();
  const text = $("online-chat-text").value.trim();
  if (!text || !online.id) return;
  try {
    await ensureSession();
    const room = online.you ? "player" : "spectator";
    await api(`/api/board/game/${online.id}/chat`, { room, text });
    $("online-chat-text").value = "";
  } catch (err) {
    $("online-message").textContent = err.message;
  }
}

// While the game is being played the page offers no engine (fair play, as
// on lichess): the analysis, the review and the hint stop and their tools
// are hidden (style.css); the server refuses them too for a rated game.
function liveGame(live) {
  const was = document.body.classList.contains("live-game");
  document.body.classList.toggle("live-game", live);
  if (live && !was) {
    if (typeof stopAnalysis === "function") stopAnalysis();
    if (typeof stopReview === "function") stopReview();
    drawEvalBar(null);
    game.hint = null;
  }
}

function applyState(st) {
  const prev = online.st;
  // Never back to an older state (a late line of a reconnect, say).
  if (prev && st.version < prev.version) return;
  online.st = st;
  online.at = performance.now();
  const moves = st.moves ? st.moves.split(" ") : [];
  if (moves.length !== online.lastPly) {
    const more = moves.length > online.lastPly && online.lastPly >= 0;
    online.lastPly = moves.length;
    // The board follows the game unless the reader is looking back.
    const live = !game.cur || !forwardOf(game.cur) || game.cur.ply >= moves.length - 1;
    const names = st.notations && st.notations.length === moves.length ? st.notations : moves;
    // A capture takes a piece off the board: the pieces of the position
    // shown before the move, when it is the one the move was made from,
    // against those after it (in every game, whatever its notation).
    const before = game.cur && game.cur.ply === moves.length - 1 ? pieceCount(game.state) : null;
    loadGame(online.full.game, online.full.start, moves, names, live ? moves.length : game.cur.ply)
      .then(() => {
        playPremove();
        if (!more) return;
        const after = game.cur && game.cur.ply === moves.length ? pieceCount(game.state) : null;
        const captured = before !== null && after !== null && after < before;
        sound(game.state && game.state.check ? "check" : captured ? "capture" : "move");
      });
  }
  if (prev && prev.status === "started" && st.status !== "started") sound("end");
  // A seat was taken: read the players again (a state carries no names).
  if (prev && prev.status === "created" && st.status !== "created") {
    api(`/api/online/game/${online.id}`).then((full) => {
      online.full = full;
      online.you = full.you;
      renderOnline();
    });
  }
  renderOnline();
}

// The pieces on a state's board (none known: null).
function pieceCount(state) {
  if (!state || !state.board || !state.board.cells) return null;
  return state.board.cells.filter((c) => c.piece).length;
}

function leftNow(i) {
  const st = online.st;
  if (!st) return 0;
  const t = i === 0 ? st.wtime : st.btime;
  const running = st.clockRunning && st.status === "started" && st.toMove === SIDE_KEYS[i];
  return running ? t - (performance.now() - online.at) : t;
}

function renderOnline() {
  const st = online.st;
  const f = online.full;
  if (!st || !f) return;
  liveGame(st.status === "started");
  // No move targets drawn while premoving: any square may be chosen.
  document.body.classList.toggle("premoving", premoving());
  placeSeats();
  showMaterial();
  $("online-kind").textContent = gameKind(f);
  document.title = tabTitle(st);
  $("online-chat").hidden = false;
  const youIdx = SIDE_KEYS.indexOf(online.you);
  for (const i of [0, 1]) {
    const box = $(`online-seat-${i}`);
    const p = i === 0 ? f.white : f.black;
    const connected = st.connected && st.connected[SIDE_KEYS[i]];
    const diff = st.ratingDiff ? st.ratingDiff[SIDE_KEYS[i]] : null;
    const change = diff === null || diff === undefined ? "" : ` ${diff >= 0 ? "+" : ""}${diff}`;
    box.querySelector(".who").textContent =
      `${sideName(i)}: ${playerName(p)}${change}${i === youIdx ? " (you)" : ""}`;
    box.querySelector(".presence").textContent = p && p.aiLevel ? "" : connected ? "●" : "○";
    box.querySelector(".presence").title = connected ? "connected" : "not connected";
    const ms = leftNow(i);
    const clock = box.querySelector(".clock");
    clock.textContent = f.clock ? fmtClock(ms) : "";
    clock.classList.toggle("low", !!f.clock && ms < 10000 && st.status === "started");
    clock.classList.toggle("running", st.clockRunning && st.toMove === SIDE_KEYS[i] && st.status === "started");
    if (!!f.clock && ms < 10000 && i === youIdx && st.status === "started" && !online.warned) {
      online.warned = true;
      sound("low");
    }
  }
  const over = st.status !== "started" && st.status !== "created";
  const seated = youIdx >= 0;
  const banner = $("online-result");
  banner.hidden = !over;
  banner.textContent = over ? (st.reason || st.status) : "";
  const open = st.status === "created";
  $("online-join-box").hidden = !(open && !seated);
  $("online-invite").hidden = !(open && seated);
  $("online-invite-link").value = location.href;
  $("online-resign").hidden = !(seated && st.status === "started" && st.ply >= 2);
  $("online-abort").hidden = !(seated && !over && st.ply < 2);
  const theirOffer = st.drawOffer && st.drawOffer !== online.you;
  $("online-draw").hidden = !(seated && st.status === "started");
  $("online-give").hidden = !(seated && st.status === "started" && f.clock);
  $("online-draw").textContent = theirOffer ? "Accept the draw" : st.drawOffer === online.you ? "Draw offered" : "Offer a draw";
  $("online-draw").disabled = st.drawOffer === online.you;
  $("online-decline").hidden = !(seated && theirOffer && st.status === "started");
  // A takeback (lichess's): asked by one side, agreed or declined by the
  // other; the asker's last move goes, and the reply after it if any.
  const asks = { white: st.wtakeback, black: st.btakeback };
  const theirAsk = seated && asks[SIDE_KEYS[1 - youIdx]];
  const ownAsk = seated && asks[online.you];
  const mine = st.ply >= (st.toMove === online.you ? 2 : 1);
  $("online-takeback").hidden = !(seated && st.status === "started" && (mine || theirAsk));
  $("online-takeback").textContent = theirAsk ? "Accept the takeback" : ownAsk ? "Takeback asked" : "Takeback";
  $("online-takeback").disabled = !!ownAsk;
  $("online-takeback-decline").hidden = !(theirAsk && st.status === "started");
  $("online-claim").hidden = !(seated && st.claimable && st.toMove === online.you);
  $("online-rematch").hidden = !(seated && over && !st.rematch);
  $("online-rematch").textContent = st.rematchOffer && st.rematchOffer !== online.you
    ? "Accept the rematch" : st.rematchOffer === online.you ? "Rematch offered" : "Rematch";
  $("online-next").hidden = !st.rematch;
  if (st.rematch) $("online-next").href = `/game/${st.rematch}`;
  // Readers of the game's stream on this server, the players' included.
  const seats = (st.connected ? ["white", "black"].filter((k) => st.connected[k]).length : 0);
  const others = Math.max(0, (st.watchers || 0) - seats - (seated ? 0 : 1));
  $("online-spectators").textContent = (seated ? "" : "You are watching. ") +
    (others ? `${others} ${seated ? "" : "other "}spectator${others > 1 ? "s" : ""}` : "");
  $("online-export").href = `/game/export/${online.id}`;
  // The analysis board takes a game from its address (keep.js).
  const q = new URLSearchParams({ variant: f.game, start: f.start });
  for (const m of st.moves ? st.moves.split(" ") : []) q.append("m", m);
  $("online-analysis").href = "/?" + q.toString();
}

// A reader with no session yet becomes a guest first (joining a game).
async function ensureSession() {
  const me = await api("/api/online/me?optional=true").catch(() => null);
  if (me) return me;
  const name = ($("online-join-name").value || localStorage.getItem("duckchess-name") || "").trim();
  if (name) localStorage.setItem("duckchess-name", name);
  return post("/api/online/guest", { name });
}

async function act(action, body) {
  try {
    if (action === "join") await ensureSession();
    await post(`/api/online/game/${online.id}/${action}`, body);
    $("online-message").textContent = "";
    if (action === "join") {
      // Read the game again as a seat holder: the stream counts presence.
      startGame(online.id);
    }
  } catch (e) {
    $("online-message").textContent = e.message;
  }
}

async function readStream(id) {
  if (online.abort) online.abort.abort();
  const ctrl = new AbortController();
  online.abort = ctrl;
  for (let attempt = 0; !ctrl.signal.aborted; attempt++) {
    try {
      const res = await fetch(`/api/online/game/${id}/stream`, { signal: ctrl.signal });
      if (!res.ok) throw new Error((await res.json()).error);
      attempt = 0;
      await readNdjson(res, (msg) => {
        if (msg.type === "gameFull") {
          online.full = msg;
          online.you = msg.you;
          online.lastPly = -1;
          // The chat kept so far follows the game on a (re)connect.
          $("online-chat-lines").innerHTML = "";
          applyState(msg.state);
        } else if (msg.type === "chatLine") {
          chatLine(msg);
        } else if (msg.type === "gameState") {
          applyState(msg);
        }
        return false;
      });
    } catch (e) {
      if (ctrl.signal.aborted) return;
      $("online-message").textContent = `connection lost: ${e.message}; reconnecting…`;
    }
    // A reconnect reads the full state again.
    await new Promise((r) => setTimeout(r, Math.min(5000, 500 * (attempt + 1))));
  }
}

function startGame(id) {
  online.id = id;
  document.body.classList.add("online-game");
  // The game is the server's: its menu does not change it.
  $("variant").disabled = true;
  $("online-home").hidden = true;
  $("online-game").hidden = false;
  readStream(id);
  if (!online.tick) online.tick = setInterval(renderOnline, 100);
}

// Moves on the board go to the server while the game is live and it is
// the reader's turn; otherwise the board is the analysis board.
const offlinePlayCoord = playCoord;
playCoord = async function (coord) {
  const st = online.st;
  const atEnd = game.cur && !forwardOf(game.cur) && game.cur.ply === (st ? st.ply : -1);
  if (!online.id || !st || st.status !== "started" || !atEnd) return offlinePlayCoord(coord);
  if (coord && coord.startsWith("premove:")) {
    const [, from, to] = coord.split(":").map(Number);
    game.selected = null;
    setPremove({ from, to });
    renderBoard();
    return;
  }
  if (st.toMove !== online.you) {
    setStatus(online.you ? "wait for your turn" : "you are watching: the game's seats move");
    return;
  }
  try {
    await post(`/api/online/game/${online.id}/move`, { move: coord, ply: st.ply });
    $("online-message").textContent = "";
  } catch (e) {
    $("online-message").textContent = e.message;
    renderBoard();
  }
};

// ---- premove (lichess's) ----
//
// On the opponent's turn a player may pick up one of their own pieces and
// put it on any square: the move is kept (both squares marked) and sent as
// soon as the turn comes, if it is legal then; otherwise it is dropped and
// the page says so. A click on the board, Esc or a move of the other kind
// cancels it. A promotion premoved is to a queen where there is one, as
// lichess's premove promotes.

// Whether a board click now premoves: the reader holds a seat in a game
// being played, it is the other side's turn, and the board shows the game
// as it stands.
function premoving() {
  const st = online.st;
  if (!online.id || !st || st.status !== "started" || !online.you) return false;
  const atEnd = game.cur && !forwardOf(game.cur) && game.cur.ply === st.ply;
  return st.toMove !== online.you && atEnd;
}

// The reader's own side in the game's words (`white`, `red` …).
function ownColor() {
  const i = SIDE_KEYS.indexOf(online.you);
  return i >= 0 && game.variant ? game.variant.sides[i] : null;
}

// While premoving, each of one's own pieces may go to any other square
// (the position after the opponent's move decides whether it is legal).
const offlineMovesFrom = movesFrom;
movesFrom = function (sq) {
  if (!premoving()) return offlineMovesFrom(sq);
  const cells = game.state && game.state.board ? game.state.board.cells : [];
  const from = cells.find((c) => c.square === sq);
  if (!from || !from.piece || from.piece.color !== ownColor()) return [];
  return cells
    .filter((c) => c.square !== sq && !(c.piece && c.piece.color === ownColor()))
    .map((c) => ({ from: sq, to: c.square, coord: `premove:${sq}:${c.square}` }));
};

// A click on the board drops a premove already kept.
const offlineOnCell = onCell;
onCell = function (sq, byKey) {
  if (online.premove) {
    setPremove(null);
    game.selected = null;
    renderBoard();
    return;
  }
  return offlineOnCell(sq, byKey);
};

function setPremove(p, said) {
  online.premove = p;
  const name = (sq) => {
    const c = game.state && game.state.board.cells.find((x) => x.square === sq);
    return c ? c.name : sq;
  };
  $("online-message").textContent = said || (p ? `premove ${name(p.from)}–${name(p.to)}: played when your turn comes (a click on the board or Esc cancels it)` : "");
}

const offlineRenderBoard = renderBoard;
renderBoard = function () {
  offlineRenderBoard();
  const p = online.premove;
  if (!p) return;
  for (const sq of [p.from, p.to]) {
    const cell = document.querySelector(`#board .cell[data-square='${sq}']`);
    if (cell) cell.classList.add("premove");
  }
};

// The turn came: the premove kept is played if it is legal now.
async function playPremove() {
  const p = online.premove;
  const st = online.st;
  if (!p || !st) return;
  if (st.status !== "started") return setPremove(null);
  if (st.toMove !== online.you || !game.state || game.cur.ply !== st.ply) return;
  const options = game.state.moves.filter((m) => m.from === p.from && m.to === p.to);
  // A promotion: to a queen where there is one.
  options.sort((a, b) => (b.coord.endsWith("q") ? 1 : 0) - (a.coord.endsWith("q") ? 1 : 0));
  if (!options.length) {
    setPremove(null, "premove cancelled: it is not legal after the opponent's move");
    renderBoard();
    return;
  }
  if (options.some((m) => m.wall !== undefined && m.wall !== null)) {
    // A walling game's premove is the piece's move only: the wall's
    // square is the player's to choose now (walling.js), not the first.
    setPremove(null, "your premove: now the wall's square");
    game.selected = p.from;
    beginWalling(options);
    return;
  }
  online.premove = null;
  try {
    await post(`/api/online/game/${online.id}/move`, { move: options[0].coord, ply: st.ply });
    $("online-message").textContent = "";
  } catch (e) {
    $("online-message").textContent = e.message;
    renderBoard();
  }
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && online.premove) {
    setPremove(null);
    renderBoard();
  }
});

// The computer of the analysis board never moves in a game between people.
const offlineComputersTurn = computersTurn;
computersTurn = function () {
  return online.id ? false : offlineComputersTurn();
};

// ---- the lobby ----

const lobby = { seek: null, renew: null, events: null };

async function postSeek(pool) {
  try {
    await ensureSession();
    const body = {
      variant: $("online-variant").value,
      clock: pool || $("online-clock").value || "5+3",
      rated: $("online-rated").checked,
      color: pool ? "random" : $("online-color").value,
      pool: !!pool,
    };
    lobby.seek = await post("/api/online/seeks", body);
    $("lobby-waiting").hidden = false;
    $("online-message").textContent = "";
    // Keep it alive while the page is open; the server drops it otherwise.
    clearInterval(lobby.renew);
    lobby.renew = setInterval(() => {
      if (lobby.seek) post(`/api/online/seeks/${lobby.seek.id}/renew`).catch(() => {});
    }, 20000);
    watchEvents();
  } catch (e) {
    $("online-message").textContent = e.message;
  }
}

async function cancelSeek() {
  if (!lobby.seek) return;
  const res = await post(`/api/online/seeks/${lobby.seek.id}/cancel`).catch((e) => ({ error: e.message }));
  lobby.seek = null;
  clearInterval(lobby.renew);
  $("lobby-waiting").hidden = true;
  // Paired while cancelling: the game is there; go to it.
  if (res.url) location.href = res.url;
}

// A game starting for this player (a seek paired, a challenge accepted)
// opens it.
async function watchEvents() {
  if (lobby.events) return;
  lobby.events = new AbortController();
  try {
    const res = await fetch("/api/stream/event", { signal: lobby.events.signal });
    await readNdjson(res, (ev) => {
      if (ev.type !== "gameStart" || !lobby.seek) return false;
      lobby.seek = null;
      location.href = `/game/${ev.game.gameId}`;
      return true;
    });
  } catch (e) { /* the page went away */ }
  lobby.events = null;
}

function renderSeeks(seeks) {
  const ul = $("lobby-seeks");
  ul.innerHTML = "";
  for (const k of seeks) {
    const li = document.createElement("li");
    const mine = online.me && k.player.id === online.me.id;
    li.textContent = `${k.player.name} (${k.player.rating}) ${k.variant} ${k.clock.show}${k.rated ? " rated" : ""}${k.pool ? " quick" : ""} `;
    if (!mine) {
      const b = document.createElement("button");
      b.textContent = "Accept";
      b.dataset.seek = k.id;
      b.addEventListener("click", async () => {
        try {
          await ensureSession();
          const g = await post(`/api/online/seeks/${k.id}/accept`);
          location.href = g.url;
        } catch (e) {
          $("online-message").textContent = e.message;
        }
      });
      li.appendChild(b);
    } else {
      li.append("(yours)");
    }
    ul.appendChild(li);
  }
  if (!seeks.length) ul.innerHTML = "<li>none</li>";
}

// The lobby stream's AbortController: the page going away (or into the
// back-forward cache) ends the stream, so that it does not hold one of the
// browser's few connections to the server.
let lobbyStream = null;

async function readLobby() {
  if (lobbyStream) return;
  const ctrl = new AbortController();
  lobbyStream = ctrl;
  for (let attempt = 0; attempt < 1000 && !ctrl.signal.aborted; attempt++) {
    try {
      const res = await fetch("/api/online/lobby/stream", { signal: ctrl.signal });
      await readNdjson(res, (msg) => {
        renderSeeks(msg.seeks);
        return false;
      });
    } catch (e) { /* reconnect below */ }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function fillPools() {
  const box = $("lobby-pools");
  box.innerHTML = "";
  for (const pool of ["3+2", "5+3", "10+5", "15+10"]) {
    const b = document.createElement("button");
    b.textContent = pool;
    b.dataset.pool = pool;
    b.addEventListener("click", () => postSeek(pool));
    box.appendChild(b);
  }
}

// ---- accounts ----

async function showMe() {
  const me = await api("/api/online/me?optional=true").catch(() => null);
  online.me = me;
  $("online-me").innerHTML = "";
  if (me) {
    const a = document.createElement("a");
    a.href = `/@/${me.name}`;
    a.textContent = me.name;
    $("online-me").append(me.account ? "Signed in as " : "Playing as guest ", a);
  }
  $("online-sign").hidden = !!(me && me.account);
  // An account plays under its own name.
  $("online-name-label").hidden = !!(me && me.account);
  $("online-logout").hidden = !(me && me.account);
  if (me && !$("online-name").value) $("online-name").value = me.name;
}

async function sign(path) {
  try {
    await post(path, { name: $("online-user").value.trim(), password: $("online-password").value });
    $("online-password").value = "";
    $("online-message").textContent = "";
    await showMe();
    fillLists();
  } catch (e) {
    $("online-message").textContent = e.message;
  }
}

// ---- players and leaderboards ----

// A rating chart: the rating after each rated game, over time, with the
// ratings on the left axis and the dates below. `points`: [ms, rating]
// each, the first the start (1500 before the first game).
function chart(points) {
  const W = 380, H = 160, L = 40, R = 8, T = 8, B = 30;
  const ns = "http://www.w3.org/2000/svg";
  const el = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const ys = points.map((p) => p[1]);
  // Ticks every 50, 100 or 200 points, three to six of them.
  const span = Math.max(...ys) - Math.min(...ys);
  const step = span > 600 ? 200 : span > 250 ? 100 : 50;
  const lo = Math.floor(Math.min(...ys) / step) * step;
  const hi = Math.max(lo + step, Math.ceil(Math.max(...ys) / step) * step);
  const t0 = points[0][0], t1 = points[points.length - 1][0];
  // By time when the games are spread over time; otherwise one step a game.
  const byTime = t1 > t0;
  const x = (p, i) => L + (W - L - R) * (byTime ? (p[0] - t0) / (t1 - t0) : points.length < 2 ? 0 : i / (points.length - 1));
  const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
  svg.appendChild(el("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#888", class: "axis" }));
  svg.appendChild(el("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#888", class: "axis" }));
  for (let v = lo; v <= hi; v += step) {
    svg.appendChild(el("line", { x1: L, y1: y(v), x2: W - R, y2: y(v), stroke: "#eee" }));
    svg.appendChild(el("text", { x: L - 4, y: y(v) + 4, "font-size": 10, "text-anchor": "end", class: "tick rating" }, v));
  }
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const dates = byTime ? [...new Set([t0, (t0 + t1) / 2, t1].map(day))] : [day(t1)];
  const at = (d) => (byTime ? L + ((W - L - R) * (Date.parse(d) + 43_200_000 - t0)) / (t1 - t0) : W - R);
  dates.forEach((d, i) => {
    const anchor = dates.length === 1 ? "end" : i === 0 ? "start" : i === dates.length - 1 ? "end" : "middle";
    const px = Math.min(W - R, Math.max(L, at(d)));
    svg.appendChild(el("text", { x: px, y: H - B + 16, "font-size": 10, "text-anchor": anchor, class: "tick date" }, d));
  });
  svg.appendChild(el("polyline", {
    points: points.map((p, i) => `${x(p, i).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" "),
    fill: "none", stroke: "#2b5d9b", "stroke-width": 2,
  }));
  for (const [i, p] of points.entries()) {
    if (i === 0) continue;
    const dot = el("circle", { cx: x(p, i).toFixed(1), cy: y(p[1]).toFixed(1), r: 2.5, fill: "#2b5d9b" });
    dot.appendChild(el("title", {}, `${day(p[0])}: ${Math.round(p[1])}`));
    svg.appendChild(dot);
  }
  const last = points[points.length - 1];
  svg.setAttribute("aria-label", `rating after each of ${points.length - 1} rated games, from ${day(points[1] ? points[1][0] : t0)} to ${day(t1)}, now ${Math.round(last[1])}`);
  return svg;
}

async function showPlayer(name) {
  document.body.classList.add("online-profile");
  $("online-home").hidden = true;
  $("online-player").hidden = false;
  try {
    const u = await api(`/api/user/${encodeURIComponent(name)}`);
    $("player-name").textContent = u.username;
    const n = u.count.rated;
    $("player-count").textContent = `${n} rated game${n === 1 ? "" : "s"}: ${u.count.win} won, ${u.count.draw} drawn, ${u.count.loss} lost`;
    const body = $("player-perfs").querySelector("tbody");
    body.innerHTML = "";
    for (const [perf, p] of Object.entries(u.perfs)) {
      const tr = document.createElement("tr");
      for (const v of [perf, p.shown, p.games, p.wins, p.draws, p.losses]) {
        const td = document.createElement("td");
        td.textContent = v;
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    const history = await api(`/api/user/${encodeURIComponent(name)}/rating-history`);
    const charts = $("player-charts");
    charts.innerHTML = "";
    for (const h of history) {
      if (!h.exact.length) continue;
      const fig = document.createElement("figure");
      const cap = document.createElement("figcaption");
      cap.textContent = h.name;
      // From the start's 1500 (just before the first game), so that one
      // game draws a line too.
      fig.append(cap, chart([[h.exact[0][0], 1500], ...h.exact]));
      charts.appendChild(fig);
    }
    const games = await api(`/api/online/player/${encodeURIComponent(u.id)}/games`);
    renderList($("player-games"), games.games, false, u.id);
  } catch (e) {
    $("online-message").textContent = e.message;
  }
}

async function showLeaders() {
  document.body.classList.add("online-profile");
  $("online-home").hidden = true;
  $("online-leaders").hidden = false;
  const all = await api("/api/player");
  const box = $("leaders");
  box.innerHTML = "";
  // The games nobody has a rating in yet are named once, together.
  const empty = Object.entries(all).filter(([, users]) => !users.length).map(([perf]) => perf);
  for (const [perf, users] of Object.entries(all)) {
    if (!users.length) continue;
    const h = document.createElement("h3");
    h.textContent = perf;
    const ol = document.createElement("ol");
    for (const u of users) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/@/${u.username}`;
      a.textContent = u.username;
      li.append(a, ` ${u.perfs[perf].rating} (${u.perfs[perf].games} games)`);
      ol.appendChild(li);
    }
    box.append(h, ol);
  }
  if (empty.length) {
    const p = document.createElement("p");
    p.id = "leaders-empty";
    p.textContent = empty.length === Object.keys(all).length
      ? "Nobody is on a leaderboard yet: a player is listed once their rating is settled (no longer provisional, shown with ?) and they have played lately."
      : `Nobody is on the leaderboard yet in ${empty.join(", ")}.`;
    box.appendChild(p);
  }
}

function onlineStart() {
  // The page going away (or into the back-forward cache) ends its streams,
  // so that they do not hold the browser's few connections to the server.
  window.addEventListener("pagehide", () => {
    if (lobbyStream) lobbyStream.abort();
    lobbyStream = null;
    if (lobby.events) lobby.events.abort();
    if (online.abort) online.abort.abort();
  });
  // Back from that cache without its streams: load the page afresh.
  window.addEventListener("pageshow", (e) => e.persisted && location.reload());
  const sel = $("online-variant");
  for (const v of game.variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title;
    sel.appendChild(o);
  }
  sel.value = game.variant ? game.variant.name : game.variants[0].name;
  $("online-name").value = localStorage.getItem("duckchess-name") || "";
  $("online-join-name").value = $("online-name").value;
  $("online-sound").checked = localStorage.getItem("duckchess-sound") !== "off";
  $("online-sound").addEventListener("change", () =>
    localStorage.setItem("duckchess-sound", $("online-sound").checked ? "on" : "off"));
  $("online-create").addEventListener("click", () => createGame(false));
  fillPools();
  $("lobby-post").addEventListener("click", () => postSeek(null));
  $("lobby-cancel").addEventListener("click", cancelSeek);
  $("online-login").addEventListener("click", () => sign("/api/online/login"));
  $("online-signup").addEventListener("click", () => sign("/api/online/account"));
  $("online-logout").addEventListener("click", async () => {
    await post("/api/online/logout");
    showMe();
  });
  showMe();
  $("online-computer").addEventListener("click", () => createGame(true));
  $("online-join").addEventListener("click", () => act("join"));
  $("online-resign").addEventListener("click", () => confirm("Resign?") && act("resign"));
  $("online-abort").addEventListener("click", () => act("abort"));
  $("online-draw").addEventListener("click", () => act("draw-offer"));
  $("online-decline").addEventListener("click", () => act("draw-decline"));
  $("online-claim").addEventListener("click", () => act("claim"));
  $("online-rematch").addEventListener("click", () => act("rematch"));
  $("online-give").addEventListener("click", () => act("give-time"));
  $("online-takeback").addEventListener("click", () => act("takeback"));
  $("online-takeback-decline").addEventListener("click", () => act("takeback-decline"));
  $("online-chat-form").addEventListener("submit", sendChat);
  $("online-copy").addEventListener("click", () => {
    $("online-invite-link").select();
    navigator.clipboard && navigator.clipboard.writeText(location.href);
  });
  const m = location.pathname.match(/^\/game\/([A-Za-z0-9]+)$/);
  const who = location.pathname.match(/^\/@\/([A-Za-z0-9_-]+)$/);
  if (m) {
    startGame(m[1]);
  } else if (who) {
    showPlayer(who[1]);
  } else if (location.pathname === "/leaderboard" || location.pathname === "/player") {
    showLeaders();
  } else {
    fillLists();
    readLobby();
    if (location.pathname === "/games" || location.pathname === "/play") {
      $("online-box").scrollIntoView();
    } else if (location.pathname === "/lobby") {
      // The lobby's own address: its seeks and pools at the top.
      document.title = "Lobby · duckchess";
      $("lobby").scrollIntoView();
    }
  }
}
