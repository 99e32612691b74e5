-- The partner-data service (seed 000), as db/migration's V3: units from external partners, and the
-- registry config that says which requesting services may read them (the thesis' Table 2).
create table unit (
    id          bigint         not null primary key,
    partner     varchar(64)    not null,
    name        varchar(255)   not null,
    category    varchar(64)    not null,
    amount      decimal(19, 4) not null,
    currency    char(3)        not null,
    version     bigint         not null,
    updated_at  datetime(6)    not null
);

create table registry_config (
    property    varchar(64)    not null,
    name        varchar(128)   not null,
    enabled     boolean        not null,
    primary key (property, name)
);
