-- Ingestions of the partners' daily delta files (thesis, chapter 4), as db/migration's V5. LINES is a
-- reserved word in MariaDB (LOAD DATA's LINES TERMINATED BY): the column keeps its name, quoted here and
-- in the apps' statements on MariaDB. The foreign key is a table constraint: MariaDB parses an inline
-- REFERENCES and then ignores it.
create table ingestion (
    id           bigint        not null auto_increment primary key,
    partner      varchar(64)   not null,
    delta_day    date          not null,
    file_url     varchar(2048) not null,
    started_at   datetime(6)   not null,
    finished_at  datetime(6),
    -- RUNNING, SUCCEEDED or FAILED (IngestionStatus).
    status       varchar(16)   not null,
    `lines`      integer       not null,
    accepted     integer       not null,
    inserted     integer       not null,
    updated      integer       not null,
    unchanged    integer       not null,
    rejected     integer       not null,
    failure      varchar(2048)
);

create table ingestion_rejection (
    ingestion_id bigint        not null,
    line_number  integer       not null,
    reason       varchar(2048) not null,
    primary key (ingestion_id, line_number),
    foreign key (ingestion_id) references ingestion (id) on delete cascade
);
