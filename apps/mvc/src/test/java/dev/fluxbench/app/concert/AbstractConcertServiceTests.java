package dev.fluxbench.app.concert;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.fluxbench.app.system.SqlStatements;
import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.ListingRequest;
import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.SeedConcerts;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The concert service over the app's own seeded H2, wired as the app wires it: the way of
 * reading that the properties choose, and the statement counter around the pool. Each
 * subclass is one way of reading, in a database of its own.
 */
abstract class AbstractConcertServiceTests {

	private static final long CONCERT = 42;

	private static final List<String> TABLES = List.of("concert", "listing", "listing_music", "concert_listing");

	@Autowired
	private ConcertService concerts;

	@Autowired
	private MeterRegistry registry;

	@Autowired
	private JdbcClient jdbc;

	/** The statements one whole concert of {@code listings} listings may cost. */
	abstract void assertStatements(double statements, int listings);

	@Test
	void concertShouldAnswerTheSeededListingsInIdOrderWithTheirArtistReferenceMusicAndMusics() {
		SeedConcerts.Plan plan = SeedConcerts.plan();
		SeedConcerts.Concert seeded = plan.concerts().get((int) CONCERT - 1);

		ConcertDto concert = this.concerts.concert(CONCERT);

		assertThat(concert.name()).isEqualTo(seeded.name());
		assertThat(concert.date()).isEqualTo(seeded.date());
		assertThat(concert.listings()).extracting(ListingDto::id)
			.containsExactlyElementsOf(seeded.listings().stream().map(Integer::longValue).toList());
		assertThat(concert.listings()).allSatisfy((listing) -> {
			SeedConcerts.Listing planned = plan.listings().get((int) listing.id() - 1);
			assertThat(listing.artist().id()).isEqualTo(planned.artist());
			assertThat(listing.referenceMusic().id()).isEqualTo(planned.referenceMusic());
			assertThat(listing.musics()).extracting(MusicDto::id)
				.containsExactlyElementsOf(planned.musics().stream().map(Integer::longValue).toList());
		});
	}

	@Test
	void concertShouldCountTheStatementsOfItsWayOfReading() {
		int listings = SeedConcerts.plan().concerts().get((int) CONCERT - 1).listings().size();
		double before = statements();

		this.concerts.concert(CONCERT);

		assertStatements(statements() - before, listings);
	}

	@Test
	void concertWhenUnknownShouldThrowNotFound() {
		assertThatExceptionOfType(ConcertNotFoundException.class).isThrownBy(() -> this.concerts.concert(424242))
			.withMessage("Concert 424242 does not exist.");
	}

	@Test
	void createConcertShouldWriteItWithItsSharedAndNewListings() {
		ConcertRequest request = new ConcertRequest("Written", "Porto", LocalDate.of(2027, 1, 2), List.of(3L, 3L),
				List.of(new ListingRequest(2L, 10L, List.of(11L, 10L))));

		ConcertDto concert = this.concerts.concert(this.concerts.create(request));

		assertThat(concert.listings()).hasSize(2);
		assertThat(concert.listings().getFirst().id()).isEqualTo(3);
		assertThat(concert.listings().get(1).musics()).extracting(MusicDto::id).containsExactly(10L, 11L);
	}

	@Test
	void createConcertWhenTheSecondNewListingNamesAnUnknownMusicShouldLeaveNoRowBehind() {
		Map<String, Long> before = rows();
		ConcertRequest request = new ConcertRequest("Half written", "Oslo", LocalDate.of(2027, 1, 3), List.of(1L),
				List.of(new ListingRequest(1L, 5L, List.of(5L, 6L)), new ListingRequest(1L, 5L, List.of(999_999L))));

		assertThatExceptionOfType(MusicNotFoundException.class).isThrownBy(() -> this.concerts.create(request))
			.withMessage("Music 999999 does not exist.");

		assertThat(rows()).isEqualTo(before);
	}

	@Test
	void createConcertWhenASharedListingIsUnknownShouldLeaveNoRowBehind() {
		Map<String, Long> before = rows();
		ConcertRequest request = new ConcertRequest("Half written", "Oslo", LocalDate.of(2027, 1, 3),
				List.of(1L, 424242L), List.of());

		assertThatExceptionOfType(ListingNotFoundException.class).isThrownBy(() -> this.concerts.create(request));

		assertThat(rows()).isEqualTo(before);
	}

	private double statements() {
		return this.registry.get(SqlStatements.METRIC).counter().count();
	}

	private Map<String, Long> rows() {
		return TABLES.stream()
			.collect(Collectors.toMap((table) -> table,
					(table) -> this.jdbc.sql("select count(*) from " + table).query(Long.class).single()));
	}

}
