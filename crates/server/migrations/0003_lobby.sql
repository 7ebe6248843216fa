-- The lobby: seeks posted by players, paired into games
-- (docs/online.md#the-lobby).

CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (id),
    variant TEXT NOT NULL,
    initial_ms BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    -- white, black or random: the seeker's side.
    color TEXT NOT NULL,
    -- The opponents' ratings accepted (NULL: any).
    rating_min BIGINT,
    rating_max BIGINT,
    -- 1 for quick pairing (a pool): paired by the server, not accepted by
    -- hand.
    pool BIGINT NOT NULL,
    -- The seeker's rating in the perf when posted (for pairing).
    rating DOUBLE PRECISION NOT NULL,
    -- open, paired, cancelled, expired.
    status TEXT NOT NULL,
    game_id TEXT REFERENCES games (id),
    created_ms BIGINT NOT NULL,
    -- A seek nobody renews goes at this time.
    expires_ms BIGINT NOT NULL
);
-- One open seek per player: two tabs cannot post two.
CREATE UNIQUE INDEX seeks_one_open ON seeks (player_id) WHERE status = 'open';
CREATE INDEX seeks_open ON seeks (status, variant, initial_ms, increment_ms);
