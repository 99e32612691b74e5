-- MariaDB's V1..V6: the same tables and rows as db/migration, which H2 and PostgreSQL share, in the SQL
-- MariaDB reads (auto_increment, datetime(6), concat). Instants are datetime(6) in UTC: the apps'
-- connections convert at UTC, and datetime, unlike timestamp, covers every year an operation may carry.
--
-- Comparisons are binary, as in H2 and PostgreSQL: with the server's default utf8mb4_general_ci, a
-- requester or a login would match whatever its case. Altering the database, not each table, covers the
-- tables of db/common too, which every database reads alike.
alter database character set utf8mb4 collate utf8mb4_bin;

create table artist (
    id           bigint        not null auto_increment primary key,
    name         varchar(255)  not null,
    gender       varchar(16)   not null,
    career_start bigint        not null,
    birth_date   varchar(64),
    birth_city   varchar(255),
    country      varchar(255),
    keywords     varchar(1000)
);
