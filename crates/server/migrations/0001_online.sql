-- Games between people, their moves, players, sessions and tokens.
-- Written once for SQLite and PostgreSQL: TEXT and BIGINT only, ids made
-- by the server (no autoincrement), times in milliseconds since the epoch.

CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The account's name in lower case; NULL for a guest (NULLs never clash).
    account_key TEXT UNIQUE,
    -- argon2id PHC string; NULL for a guest.
    password_hash TEXT,
    created_ms BIGINT NOT NULL
);

-- Browser sessions (a cookie) and personal API tokens (Bearer): only the
-- SHA-256 of a token is kept.
CREATE TABLE credentials (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    label TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    revoked_ms BIGINT
);
CREATE INDEX credentials_player ON credentials (player_id);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    -- The start position in the game's notation.
    start_position TEXT NOT NULL,
    -- NULL for an untimed game.
    initial_ms BIGINT,
    increment_ms BIGINT,
    white_id TEXT REFERENCES players (id),
    black_id TEXT REFERENCES players (id),
    -- The computer's thinking time when it holds the seat.
    white_computer_ms BIGINT,
    black_computer_ms BIGINT,
    -- The player a challenge is addressed to (the lichess API's challenges).
    challenged_id TEXT REFERENCES players (id),
    -- lichess's status names: created, started, aborted, mate, resign,
    -- stalemate, timeout, draw, outoftime, variantEnd, declined.
    status TEXT NOT NULL,
    winner TEXT,
    reason TEXT,
    ply BIGINT NOT NULL,
    -- Each side's time left when the side to move's turn began.
    white_ms BIGINT,
    black_ms BIGINT,
    turn_since_ms BIGINT,
    draw_offer TEXT,
    rematch_offer TEXT,
    rematch_id TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    -- Bumped by every change: writers compare and set it, so two servers
    -- (or a retried request) never both change one game.
    version BIGINT NOT NULL
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_white ON games (white_id);
CREATE INDEX games_black ON games (black_id);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    -- In the game's coordinate notation.
    move_text TEXT NOT NULL,
    -- Each side's time left after the move (NULL untimed).
    white_ms BIGINT,
    black_ms BIGINT,
    played_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
