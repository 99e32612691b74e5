-- The partner-data service (seed 000): units from external partners, and the registry config that
-- says which requesting services may read them (the thesis' Table 2).
create table unit (
    id          bigint         primary key,
    partner     varchar(64)    not null,
    name        varchar(255)   not null,
    category    varchar(64)    not null,
    amount      numeric(19, 4) not null,
    currency    char(3)        not null,
    version     bigint         not null,
    updated_at  timestamp with time zone not null
);

create table registry_config (
    property    varchar(64)    not null,
    name        varchar(128)   not null,
    enabled     boolean        not null,
    primary key (property, name)
);
