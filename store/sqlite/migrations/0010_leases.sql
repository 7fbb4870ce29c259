-- Leases are for several servers on PostgreSQL; SQLite serves one server,
-- which holds every lease. The version keeps both backends' numbering.
SELECT 1;
