-- The data version's notifications now come from the data layer (server/db/pg-version.ts): the
-- statement-level triggers that sent them before are removed, because Citus refuses them.
DO $$ DECLARE t record; BEGIN
  FOR t IN SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    WHERE g.tgname = 'blade_data_version' AND c.relnamespace = current_schema()::regnamespace
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS blade_data_version ON %I', t.relname);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS blade_data_version_notify();
