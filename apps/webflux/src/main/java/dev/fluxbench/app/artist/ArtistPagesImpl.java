package dev.fluxbench.app.artist;

import dev.fluxbench.contract.artist.Gender;
import io.r2dbc.spi.Readable;
import reactor.core.publisher.Flux;

import org.springframework.data.domain.Pageable;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The hot list query on DatabaseClient with positional row mapping. Spring Data's derived
 * query copied every row into an intermediate document and looked up converters per
 * column: with it, a page of 50 artists cost several times the CPU of the same page
 * through JDBC.
 */
class ArtistPagesImpl implements ArtistPages {

	private static final String PAGE = """
			select id, name, gender, career_start, birth_date, birth_city, country, keywords
			from artist order by id limit :limit offset :offset""";

	private final DatabaseClient database;

	ArtistPagesImpl(DatabaseClient database) {
		this.database = database;
	}

	@Override
	public Flux<Artist> findAllBy(Pageable pageable) {
		return this.database.sql(PAGE)
			.bind("limit", pageable.getPageSize())
			.bind("offset", pageable.getOffset())
			.map(ArtistPagesImpl::artist)
			.all();
	}

	private static Artist artist(Readable row) {
		return new Artist(row.get(0, Long.class), row.get(1, String.class), Gender.valueOf(row.get(2, String.class)),
				row.get(3, Long.class), row.get(4, String.class), row.get(5, String.class), row.get(6, String.class),
				row.get(7, String.class));
	}

}
