-- The same 10 000 units in every stack, computed rather than listed; the recursive query runs on H2
-- and PostgreSQL alike. Lookups in the thesis scenarios pick ids in 1..10000.
insert into unit (id, partner, name, category, amount, currency, version, updated_at)
with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 10000)
select n,
       'partner-' || (mod(n, 5) + 1),
       'Unit ' || lpad(cast(n as varchar), 6, '0'),
       case mod(n, 4) when 0 then 'bond' when 1 then 'equity' when 2 then 'fund' else 'loan' end,
       cast(mod(n * 7919, 10000000) as numeric(19, 4)) / 100,
       case mod(n, 3) when 0 then 'EUR' when 1 then 'USD' else 'GBP' end,
       1,
       timestamp with time zone '2026-01-01 00:00:00+00'
from seq;

-- SERVICE_STATUSES: loadtest is the harness; archive is known and switched off; anyone else is unknown.
insert into registry_config (property, name, enabled) values
    ('SERVICE_STATUSES', 'loadtest', true),
    ('SERVICE_STATUSES', 'reporting', true),
    ('SERVICE_STATUSES', 'archive', false);
