-- Stores leads, each with everything it triggers, in one call (docs/decisions/0039-leads-stored-by-a-database-function.md):
-- `select store_leads($1)` with a JSON array of leads answers a JSON array of results in the same order. The
-- statements below are planned once per connection by PL/pgSQL, so a lead costs no parse and plan of its own;
-- each lead runs in its own block (a savepoint), so one that fails fails alone and the others are kept. The
-- app (services/lead-intake.ts) writes the leads that arrive together on PGlite in one call, so they share
-- one commit. A lead:
--   table        contacts | quotes | applications
--   lead         every column of the row by its SQL name (status excepted), values as JSON, null where none
--   honeypot     a filled honeypot: spam, whatever else holds
--   challenge    spend (a valid solution, spent here; a second use counts as unsolved) | unsolved | off
--   required     SPAM_CHALLENGE=required: a solution used before stores nothing
--   rate_limit   null, or {key, max, window_seconds}: the request's hit, counted first; over max nothing is stored
--   challenge_text, challenge_expires_at, received_if_solved, received_if_not, confirmation_hours
--   queue        outbox rows [{id, lead_kind, lead_id, purpose, to, subject, body, reply_to, event_type,
--                event_data, confirm_to}], queued (with their events) only for a lead stored as new; a row with
--                confirm_to only when that address had no confirmation queued within confirmation_hours
-- A result: {status (null when nothing was stored), queued, hits, retry_after} or {error, code}.
CREATE OR REPLACE FUNCTION "store_leads"("leads" jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  l jsonb;
  q jsonb;
  results jsonb := '[]'::jsonb;
  rl jsonb;
  hits int;
  retry_after int;
  allowed boolean;
  solved boolean;
  stored boolean;
  lead_status text;
  queued int;
BEGIN
  FOR l IN SELECT value FROM jsonb_array_elements("leads") LOOP
    BEGIN
      hits := NULL;
      retry_after := NULL;
      allowed := true;
      queued := 0;
      rl := l->'rate_limit';
      IF rl IS NOT NULL AND jsonb_typeof(rl) = 'object' THEN
        INSERT INTO rate_limits AS r (key, hits, reset_at)
        VALUES (rl->>'key', 1, now() + (rl->>'window_seconds')::int * interval '1 second')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
          reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
        RETURNING r.hits, greatest(1, ceil(extract(epoch FROM r.reset_at - now())))::int INTO hits, retry_after;
        allowed := hits <= (rl->>'max')::int;
      END IF;
      solved := l->>'challenge' = 'off';
      IF l->>'challenge' = 'spend' AND allowed THEN
        INSERT INTO used_challenges (challenge, expires_at)
        VALUES (l->>'challenge_text', (l->>'challenge_expires_at')::timestamptz)
        ON CONFLICT (challenge) DO NOTHING
        RETURNING true INTO solved;
        solved := coalesce(solved, false);
      END IF;
      lead_status := CASE WHEN (l->>'honeypot')::boolean OR NOT solved THEN 'spam' ELSE 'new' END;
      stored := allowed AND (NOT (l->>'required')::boolean OR l->>'challenge' <> 'spend' OR solved);
      IF stored THEN
        -- Static statements (planned once): the app gives every column of the row, null where it has no value.
        CASE l->>'table'
          WHEN 'contacts' THEN
            INSERT INTO contacts SELECT * FROM jsonb_populate_record(null::contacts, l->'lead' || jsonb_build_object('status', lead_status));
          WHEN 'quotes' THEN
            INSERT INTO quotes SELECT * FROM jsonb_populate_record(null::quotes, l->'lead' || jsonb_build_object('status', lead_status));
          WHEN 'applications' THEN
            INSERT INTO applications SELECT * FROM jsonb_populate_record(null::applications, l->'lead' || jsonb_build_object('status', lead_status));
        END CASE;
        INSERT INTO lead_events (lead_kind, lead_id, type, data)
        VALUES (l->>'table', (l->'lead'->>'id')::uuid, 'received',
          CASE WHEN solved THEN l->'received_if_solved' ELSE l->'received_if_not' END);
        IF lead_status = 'new' THEN
          FOR q IN SELECT value FROM jsonb_array_elements(coalesce(l->'queue', '[]'::jsonb)) LOOP
            CONTINUE WHEN q->>'confirm_to' IS NOT NULL AND EXISTS (
              SELECT 1 FROM outbox
              WHERE purpose = 'confirmation' AND lower("to") = q->>'confirm_to'
                AND created_at > now() - (l->>'confirmation_hours')::int * interval '1 hour'
            );
            INSERT INTO outbox (id, lead_kind, lead_id, purpose, "to", subject, body, reply_to)
            VALUES ((q->>'id')::uuid, q->>'lead_kind', (q->>'lead_id')::uuid, q->>'purpose', q->>'to',
              q->>'subject', q->>'body', q->>'reply_to');
            INSERT INTO lead_events (lead_kind, lead_id, type, data)
            VALUES (q->>'lead_kind', (q->>'lead_id')::uuid, q->>'event_type', q->'event_data');
            queued := queued + 1;
          END LOOP;
        END IF;
      END IF;
      results := results || jsonb_build_array(jsonb_build_object(
        'status', CASE WHEN stored THEN lead_status END, 'queued', queued, 'hits', hits, 'retry_after', retry_after));
    EXCEPTION WHEN others THEN
      results := results || jsonb_build_array(jsonb_build_object('error', SQLERRM, 'code', SQLSTATE));
    END;
  END LOOP;
  RETURN results;
END $$;
