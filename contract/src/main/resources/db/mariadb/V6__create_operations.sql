-- Seed 002's operations, as db/migration's V6. The column is operation_date, not date: DATE is a
-- keyword in every database we run on; the JSON field is still "date".
create table operation (
    id              bigint         not null auto_increment primary key,
    operation_date  datetime(6)    not null,
    description     varchar(255)   not null,
    amount          decimal(19, 2) not null
);
