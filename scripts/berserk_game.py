#!/usr/bin/env python3
"""Two berserk clients (the lichess API's Python client) play on
`duckchess serve`, with only the address changed: a challenge accepted, both
players' game streams, a chess game to checkmate and a Duck Chess game to
the captain's capture, refused moves, the event streams and the export.

Usage: berserk_game.py URL WHITE_TOKEN BLACK_TOKEN (the accounts `alice` and
`bob`). Run by tests/server/online_lichess.rs; prints `all checks passed` at the
end, and fails at the first check that does not hold.
"""

import datetime
import queue
import signal
import sys
import threading
import time

import berserk

WAIT = 30  # seconds any one line of a stream may take
WHOLE = 180  # seconds the whole script may take (a request that hangs)


def client(url, token):
    return berserk.Client(session=berserk.TokenSession(token), base_url=url)


def follow(items, name):
    """Reads an endless iterator in a thread: a queue of its items, then
    ("end", None) when it ends, or ("error", e) when it fails."""
    q = queue.Queue()

    def run():
        try:
            for item in items:
                q.put(("item", item))
            q.put(("end", None))
        except Exception as e:  # handed to the main thread
            q.put(("error", e))

    threading.Thread(target=run, name=name, daemon=True).start()
    return q


def next_matching(q, what, accept):
    """The first item of `q` that `accept` takes (the others skipped)."""
    seen = []
    while True:
        try:
            kind, item = q.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no {what} within {WAIT} s; seen {seen}")
        if kind != "item":
            raise AssertionError(f"the stream ended ({kind} {item!r}) before {what}; seen {seen}")
        if accept(item):
            return item
        seen.append(item)


def ends(q, what):
    """The stream ends (lichess closes a game's stream once it is over)."""
    while True:
        try:
            kind, item = q.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"{what} did not end within {WAIT} s")
        if kind == "end":
            return
        if kind == "error":
            raise AssertionError(f"{what} failed: {item!r}")


def refused(call, status, what):
    try:
        call()
    except berserk.exceptions.ResponseError as e:
        assert e.status_code == status, f"{what}: HTTP {e.status_code}, expected {status}: {e}"
        return e
    raise AssertionError(f"{what} was accepted")


def play(url, white, black, events, variant, moves, illegal, status):
    """`white` challenges bob to `variant`, bob accepts, and the two play
    `moves` (the last one ends the game with `status`, black the winner)."""
    w, b = client(url, white), client(url, black)
    kwargs = {"variant": variant} if variant else {}
    challenge = w.challenges.create(
        "bob", rated=False, clock_limit=300, clock_increment=3, color="white", **kwargs
    )
    gid = challenge["id"]
    assert challenge["status"] == "created", challenge
    assert challenge["challenger"]["name"] == "alice", challenge
    assert challenge["variant"]["key"] == (variant or "standard"), challenge
    tc = challenge["timeControl"]
    assert (tc["type"], tc["limit"], tc["increment"]) == ("clock", 300, 3), challenge
    assert challenge["color"] == "white", challenge

    event = next_matching(
        events["bob"], f"bob's challenge event for {gid}",
        lambda e: e.get("type") == "challenge" and e["challenge"]["id"] == gid,
    )
    assert event["challenge"]["challenger"]["name"] == "alice", event
    # Only bob may accept: alice's own acceptance is refused.
    refused(lambda: w.challenges.accept(gid), 400, "the challenger accepting")
    b.challenges.accept(gid)
    for who, color in (("alice", "white"), ("bob", "black")):
        start = next_matching(
            events[who], f"{who}'s gameStart for {gid}",
            lambda e: e.get("type") == "gameStart" and e["game"]["gameId"] == gid,
        )
        assert start["game"]["color"] == color, start
        assert start["game"]["isMyTurn"] == (color == "white"), start

    # Each player streams the game with a client of its own.
    streams = {
        "alice": follow(client(url, white).board.stream_game_state(gid), "alice"),
        "bob": follow(client(url, black).board.stream_game_state(gid), "bob"),
    }
    for who, q in streams.items():
        full = next_matching(q, f"{who}'s gameFull", lambda s: s.get("type") == "gameFull")
        assert full["id"] == gid, full
        assert full["variant"]["key"] == (variant or "standard"), full
        assert full["white"]["name"] == "alice" and full["black"]["name"] == "bob", full
        # berserk's GameState model turned the epoch milliseconds into a date.
        assert isinstance(full["createdAt"], datetime.datetime), full
        assert full["clock"] == {"initial": 300000, "increment": 3000}, full
        assert full["state"]["moves"] == "" and full["state"]["status"] == "started", full
        if not variant:
            assert full["initialFen"] == "startpos", full

    seats = [w, b]
    state = None
    for i, mv in enumerate(moves):
        mover, other = seats[i % 2], seats[1 - i % 2]
        if i == 1:
            # The side not to move may not move, nor may a move break the rules.
            refused(lambda: other.board.make_move(gid, moves[2]), 400, "a move out of turn")
            refused(lambda: mover.board.make_move(gid, illegal), 400, f"the illegal move {illegal}")
        mover.board.make_move(gid, mv)
        played = " ".join(moves[: i + 1])
        for who, q in streams.items():
            state = next_matching(
                q, f"{who}'s gameState after {played!r}",
                lambda s: s.get("type") == "gameState" and s["moves"] == played,
            )
            # berserk's GameState model: the clocks as durations.
            assert isinstance(state["wtime"], datetime.timedelta), state
            assert state["wtime"] <= datetime.timedelta(seconds=300 + 3 * len(moves)), state
    assert state["status"] == status, state
    assert state.get("winner") == "black", state
    for who, q in streams.items():
        ends(q, f"{who}'s game stream")
    for who in ("alice", "bob"):
        finish = next_matching(
            events[who], f"{who}'s gameFinish for {gid}",
            lambda e: e.get("type") == "gameFinish" and e["game"]["gameId"] == gid,
        )
        assert finish["game"]["status"]["name"] == status, finish
        assert finish["game"]["opponent"]["username"], finish
        assert finish["game"]["winner"] == "black", finish
    # A finished game takes no more moves.
    refused(lambda: w.board.make_move(gid, moves[0]), 400, "a move after the end")
    return gid


def accepted(url, white, black, events, **kwargs):
    """A chess challenge from alice to bob, accepted: the game's id."""
    w, b = client(url, white), client(url, black)
    gid = w.challenges.create("bob", rated=False, color="white", **kwargs)["id"]
    next_matching(
        events["bob"], f"bob's challenge event for {gid}",
        lambda e: e.get("type") == "challenge" and e["challenge"]["id"] == gid,
    )
    b.challenges.accept(gid)
    return gid


def final(url, token, gid, status, winner):
    """A finished game's stream: its gameFull, with `status` and `winner`,
    and nothing after it."""
    q = follow(client(url, token).board.stream_game_state(gid), "final")
    full = next_matching(q, f"the gameFull of {gid}", lambda s: s.get("type") == "gameFull")
    assert full["state"]["status"] == status, full
    assert full["state"].get("winner") == winner, full
    ends(q, f"the stream of the finished game {gid}")


def short_games(url, white, black, events):
    """Abort, a draw agreed, a takeback declined and accepted, resignation:
    berserk's other calls of the Board API."""
    w, b = client(url, white), client(url, black)
    # Untimed (no clock given): lichess's correspondence-like game.
    gid = accepted(url, white, black, events)
    w.board.abort_game(gid)
    final(url, white, gid, "aborted", None)

    gid = accepted(url, white, black, events, clock_limit=60, clock_increment=1)
    w.board.make_move(gid, "e2e4")
    b.board.offer_draw(gid)
    w.board.accept_draw(gid)
    final(url, black, gid, "draw", None)

    gid = accepted(url, white, black, events, clock_limit=60, clock_increment=1)
    w.board.make_move(gid, "d2d4")
    b.board.make_move(gid, "d7d5")
    # A takeback: white asks on its turn (its d4 and black's d5 go), black
    # declines; white asks again and black accepts: back at the start.
    q = follow(client(url, white).board.stream_game_state(gid), "takebacks")
    state = lambda s: s if s.get("type") == "gameState" else s.get("state", {})
    w.board.offer_takeback(gid)
    next_matching(q, "white's takeback request", lambda s: state(s).get("wtakeback") is True)
    b.board.decline_takeback(gid)
    next_matching(
        q, "the request declined",
        lambda s: state(s).get("wtakeback") is False and state(s).get("moves") == "d2d4 d7d5",
    )
    w.board.offer_takeback(gid)
    b.board.accept_takeback(gid)
    next_matching(q, "the moves taken back", lambda s: state(s).get("moves") == "")
    w.board.make_move(gid, "d2d4")
    b.board.make_move(gid, "d7d5")
    w.board.resign_game(gid)
    final(url, white, gid, "resign", "black")
    refused(lambda: b.board.resign_game(gid), 400, "resigning a finished game")


def too_long(_signal, _frame):
    raise AssertionError(f"the checks took more than {WHOLE} s")


def main():
    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(WHOLE)
    url, white, black = sys.argv[1:4]
    url = url.rstrip("/")
    alice, bob = client(url, white), client(url, black)

    me = alice.account.get()
    assert me["username"] == "alice", me
    assert isinstance(me["createdAt"], datetime.datetime), me
    assert bob.account.get()["username"] == "bob"
    refused(lambda: client(url, "0" * 64).account.get(), 401, "an unknown token")

    events = {
        "alice": follow(client(url, white).board.stream_incoming_events(), "alice events"),
        "bob": follow(client(url, black).board.stream_incoming_events(), "bob events"),
    }

    # A challenge declined: the challenger hears of it.
    declined = alice.challenges.create("bob", rated=False, clock_limit=60, clock_increment=0)
    next_matching(
        events["bob"], "the challenge to decline",
        lambda e: e.get("type") == "challenge" and e["challenge"]["id"] == declined["id"],
    )
    bob.challenges.decline(declined["id"])
    next_matching(
        events["alice"], "challengeDeclined",
        lambda e: e.get("type") == "challengeDeclined" and e["challenge"]["id"] == declined["id"],
    )
    refused(lambda: bob.challenges.accept(declined["id"]), 400, "accepting a declined challenge")

    # Chess: the fool's mate.
    chess = play(
        url, white, black, events, None,
        ["f2f3", "e7e5", "g2g4", "d8h4"], illegal="e7e4", status="mate",
    )
    pgn = alice.games.export(chess, as_pgn=True)
    assert "1. f3 e5 2. g4 Qh4#" in pgn, pgn
    assert "0-1" in pgn, pgn
    # The same game as lichess's JSON (berserk's default), its times read
    # as dates.
    game = alice.games.export(chess)
    assert game["moves"] == "f3 e5 g4 Qh4#", game
    assert game["status"] == "mate" and game["winner"] == "black", game
    assert hasattr(game["createdAt"], "year"), game

    # Duck Chess: blue's car takes red's captain on e2 (samples/
    # captain_capture_reports_check_no.in, the judge's commands as
    # Fairy-Stockfish writes them).
    duck_moves = [
        "i1i2", "a10a9", "i2h2", "a9b9", "h2h6", "b9b2", "h6e6", "e7d7", "e1e2", "b2e2",
    ]
    duck = play(
        url, white, black, events, "duck", duck_moves, illegal="a10a1", status="variantEnd",
    )
    record = alice.games.export(duck, as_pgn=True)
    for command in ["0 8 1 8", "9 0 8 0", "0 4 1 4", "1 1 1 4"]:
        assert command in record, record
    short_games(url, white, black, events)
    lobby_and_ratings(alice, bob, events)
    print("all checks passed")


def lobby_and_ratings(alice, bob, events):
    """Both seek a rated Duck Chess game in one pool (board.seek streams
    until paired), the game starts on both event streams, a resignation
    rates it, and the user API shows the rating."""
    seekers = []
    for c in (alice, bob):
        t = threading.Thread(
            target=lambda c=c: c.board.seek(3, 2, rated=True, variant="duck"), daemon=True,
        )
        t.start()
        seekers.append(t)
        time.sleep(0.3)
    starts = [
        next_matching(
            events[who], f"{who}'s gameStart from the seek",
            lambda e: e.get("type") == "gameStart" and e["game"]["rated"]
            and e["game"]["variant"]["key"] == "duck",
        )
        for who in ("alice", "bob")
    ]
    gid = starts[0]["game"]["gameId"]
    assert starts[1]["game"]["gameId"] == gid, starts
    for t in seekers:
        t.join(WAIT)
        assert not t.is_alive(), "board.seek returns once paired"
    alice.board.resign_game(gid)
    user = bob.users.get_public_data("alice")
    assert user["username"] == "alice", user
    duck = user["perfs"]["duck"]
    assert duck["games"] == 1 and duck["prov"] is True and duck["rating"] < 1500, user
    assert hasattr(user["createdAt"], "year"), user
    winner = alice.users.get_public_data("bob")["perfs"]["duck"]
    assert winner["rating"] > 1500 and winner["rating"] + duck["rating"] == 3000, winner
    history = bob.users.get_rating_history("alice")
    assert [h["name"] for h in history] == ["duck"], history
    assert len(history[0]["points"]) == 1, history


if __name__ == "__main__":
    main()
