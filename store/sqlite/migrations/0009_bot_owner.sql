-- A bot account may have an owner: the account (its name) that creates
-- and revokes its tokens from the site. '' for none.
ALTER TABLE users ADD COLUMN owner TEXT NOT NULL DEFAULT '';
