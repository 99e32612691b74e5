-- Seed 002's users, in SQL that H2, PostgreSQL and MariaDB all read the same way. The foreign key is
-- a table constraint: MariaDB parses an inline REFERENCES and then ignores it. V8__Seed_accounts
-- (a Java migration in apps/common) fills them in, hashing at the configured BCrypt cost.
create table app_user (
    login          varchar(50)  primary key,
    password_hash  varchar(100) not null,
    enabled        boolean      not null
);

create table app_user_authority (
    login      varchar(50) not null,
    authority  varchar(50) not null,
    primary key (login, authority),
    foreign key (login) references app_user (login) on delete cascade
);
