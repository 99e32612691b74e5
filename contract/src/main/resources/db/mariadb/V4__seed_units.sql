-- The same 10 000 units as db/migration's V4 (SeedUnits holds the formula). Not its recursive query:
-- MariaDB stops a recursion at max_recursive_iterations, 1000 by default. seq_1_to_10000 is a table
-- of MariaDB's built-in Sequence engine, which counts from 1 to 10 000.
insert into unit (id, partner, name, category, amount, currency, version, updated_at)
select seq,
       concat('partner-', mod(seq, 5) + 1),
       concat('Unit ', lpad(seq, 6, '0')),
       case mod(seq, 4) when 0 then 'bond' when 1 then 'equity' when 2 then 'fund' else 'loan' end,
       cast(mod(seq * 7919, 10000000) as decimal(19, 4)) / 100,
       case mod(seq, 3) when 0 then 'EUR' when 1 then 'USD' else 'GBP' end,
       1,
       '2026-01-01 00:00:00'
from seq_1_to_10000;

-- SERVICE_STATUSES: loadtest is the harness; archive is known and switched off; anyone else is unknown.
insert into registry_config (property, name, enabled) values
    ('SERVICE_STATUSES', 'loadtest', true),
    ('SERVICE_STATUSES', 'reporting', true),
    ('SERVICE_STATUSES', 'archive', false);
