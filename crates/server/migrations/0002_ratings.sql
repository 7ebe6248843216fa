-- Rated games and Glicko-2 ratings (docs/online.md#ratings).

-- 1 for a rated game; the ratings before it and the changes it made, once
-- it is over.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white_rating DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_rating DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN white_rating_diff DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_rating_diff DOUBLE PRECISION;

-- A player's rating in one perf (a game of the registry; chess by speed).
-- `games` counts the rated games and is what a writer compares and sets.
CREATE TABLE ratings (
    player_id TEXT NOT NULL REFERENCES players (id),
    perf TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    -- When the last rated game ended (idle days grow the deviation).
    last_ms BIGINT NOT NULL,
    PRIMARY KEY (player_id, perf)
);
CREATE INDEX ratings_perf ON ratings (perf, rating);

-- Each rated game's rating after it, for the charts; the key keeps a game
-- from counting twice.
CREATE TABLE rating_history (
    player_id TEXT NOT NULL REFERENCES players (id),
    perf TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id),
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (player_id, perf, game_id)
);
