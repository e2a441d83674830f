-- Live pages: every change a game's page shows is announced on the channel "kahu_live" in the
-- transaction that makes it, whichever process (API, worker, mail) makes it. The payload is a kind,
-- the game and the phase seq; "to" (press, secret votes) names the powers that may know of it and
-- is used by the server to choose whom to tell, never sent on.
CREATE OR REPLACE FUNCTION kahu_live(game uuid, kind text, seq integer, recipients text[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('kahu_live', json_build_object('g', game, 'k', kind, 's', seq, 'to', recipients)::text);
$$;

CREATE OR REPLACE FUNCTION kahu_live_phase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kahu_live(NEW."gameId", 'phase', NEW.seq, NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_phase_opened AFTER INSERT ON "Phase" FOR EACH ROW EXECUTE FUNCTION kahu_live_phase();
-- Only a real change: a ready submission sets earlyAt again, mostly to what it was.
CREATE TRIGGER kahu_live_phase AFTER UPDATE OF status, "deadlineAt", "graceUntil", "earlyAt" ON "Phase"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD."deadlineAt" IS DISTINCT FROM NEW."deadlineAt" OR OLD."graceUntil" IS DISTINCT FROM NEW."graceUntil" OR OLD."earlyAt" IS DISTINCT FROM NEW."earlyAt")
  EXECUTE FUNCTION kahu_live_phase();

-- Readiness: only when it changes (a second submission does not notify); whether a power that is
-- not expected to order has sent something is its own (an Aloha queue): nobody is told.
CREATE OR REPLACE FUNCTION kahu_live_readiness() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p RECORD;
BEGIN
  SELECT "gameId", seq, expected INTO p FROM "Phase" WHERE id = NEW."phaseId";
  IF OLD.ready IS DISTINCT FROM NEW.ready OR NEW.role = ANY(p.expected) THEN
    PERFORM kahu_live(p."gameId", 'readiness', p.seq, CASE WHEN NEW.role = ANY(p.expected) THEN NULL ELSE ARRAY[NEW.role] END);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_readiness AFTER UPDATE ON "PhaseRole"
  FOR EACH ROW WHEN (OLD.ready IS DISTINCT FROM NEW.ready OR OLD.submitted IS DISTINCT FROM NEW.submitted) EXECUTE FUNCTION kahu_live_readiness();

CREATE OR REPLACE FUNCTION kahu_live_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM kahu_live(OLD.id, 'game', NULL, NULL); ELSE PERFORM kahu_live(NEW.id, 'game', NULL, NULL); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_game AFTER UPDATE OF status, public, "openJoin", name, outcome, "pausedAt", "startedAt", "endedAt" OR DELETE ON "Game"
  FOR EACH ROW EXECUTE FUNCTION kahu_live_game();

CREATE OR REPLACE FUNCTION kahu_live_players() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM kahu_live(OLD."gameId", 'players', NULL, NULL); ELSE PERFORM kahu_live(NEW."gameId", 'players', NULL, NULL); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_players AFTER INSERT OR UPDATE OF status, role, "accountId" OR DELETE ON "GamePlayer"
  FOR EACH ROW EXECUTE FUNCTION kahu_live_players();

CREATE OR REPLACE FUNCTION kahu_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kahu_live(NEW."gameId", 'event', NULL, NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_event AFTER INSERT ON "GameEvent" FOR EACH ROW EXECUTE FUNCTION kahu_live_event();

-- Press: only its sender and its recipients are told (press to all: everyone who reads the game).
CREATE OR REPLACE FUNCTION kahu_live_press() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kahu_live(NEW."gameId", 'press', NULL, CASE WHEN NEW."toAll" THEN NULL ELSE array_append(NEW."toRoles", NEW."fromRole") END);
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_press AFTER INSERT ON "Press" FOR EACH ROW EXECUTE FUNCTION kahu_live_press();

-- A secret vote is known to its voter only (and the moderator, who reads the tally).
CREATE OR REPLACE FUNCTION kahu_live_vote() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r RECORD; public boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  SELECT coalesce(g."voteRules"->>'visibility', 'secret') = 'public' INTO public FROM "Game" g WHERE g.id = r."gameId";
  PERFORM kahu_live(r."gameId", 'votes', NULL, CASE WHEN public THEN NULL ELSE ARRAY[r.role] END);
  RETURN NULL;
END $$;
CREATE TRIGGER kahu_live_vote AFTER INSERT OR UPDATE OR DELETE ON "Vote" FOR EACH ROW EXECUTE FUNCTION kahu_live_vote();
