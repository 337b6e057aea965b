-- The elements of a JSON list, for the room batch statement (server/rooms/batch-sql.ts).
-- A batch's lists hold a few records, but the planner counts jsonb_to_recordset as
-- 100 rows: it then joins the lists to Room, RoomLease and Seat by reading each
-- table whole, and every batch costs more the more rooms were ever made. Counted
-- as the few rows they are, the lists are looked up by key. VOLATILE keeps the
-- planner from inlining the function, which would lose the estimate.
CREATE FUNCTION "garnet_list"(list jsonb) RETURNS SETOF jsonb
  LANGUAGE sql VOLATILE ROWS 2
  AS $$ SELECT jsonb_array_elements(list) $$;
