-- Seed 001's concert model, as db/migration's V9, in the SQL MariaDB reads (auto_increment). The column is
-- concert_date, not date: DATE is a keyword in every database we run on; the JSON field is still "date".
create table music (
    id      bigint        not null auto_increment primary key,
    name    varchar(255)  not null,
    lyrics  varchar(1000)
);

create table listing (
    id                  bigint  not null auto_increment primary key,
    artist_id           bigint  not null,
    reference_music_id  bigint  not null,
    foreign key (artist_id) references artist (id),
    foreign key (reference_music_id) references music (id)
);

create table listing_music (
    listing_id  bigint  not null,
    music_id    bigint  not null,
    primary key (listing_id, music_id),
    foreign key (listing_id) references listing (id),
    foreign key (music_id) references music (id)
);

create table concert (
    id            bigint        not null auto_increment primary key,
    name          varchar(255)  not null,
    location      varchar(255)  not null,
    concert_date  date          not null
);

create table concert_listing (
    concert_id  bigint  not null,
    listing_id  bigint  not null,
    primary key (concert_id, listing_id),
    foreign key (concert_id) references concert (id),
    foreign key (listing_id) references listing (id)
);
