-- Three ingestions for the stats page, stored out of order: the page must sort them newest first.
delete from ingestion;
insert into ingestion (partner, delta_day, file_url, started_at, finished_at, status, lines, accepted, inserted,
        updated, unchanged, rejected, failure)
values ('partner-2', date '2026-11-21', 'http://127.0.0.1:8090/partners/partner-2/deltas/2026-11-21.jsonl',
        timestamp with time zone '2026-11-22 06:00:00+00:00', timestamp with time zone '2026-11-22 06:01:30+00:00',
        'SUCCEEDED', 1000, 990, 400, 500, 90, 10, null),
       ('partner-1', date '2026-11-22', 'http://127.0.0.1:8090/partners/partner-1/deltas/2026-11-22.jsonl',
        timestamp with time zone '2026-11-23 06:00:00+00:00', null,
        'RUNNING', 250, 250, 100, 100, 50, 0, null),
       ('partner-3', date '2026-11-20', 'http://127.0.0.1:8090/partners/partner-3/deltas/2026-11-20.jsonl',
        timestamp with time zone '2026-11-21 06:00:00+00:00', timestamp with time zone '2026-11-21 06:00:02+00:00',
        'FAILED', 0, 0, 0, 0, 0, 0, 'the file was not found');
