package dev.fluxbench.app.artist;

import java.util.List;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.artist.Gender;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.r2dbc.test.autoconfigure.DataR2dbcTest;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.transaction.reactive.TransactionalOperator;

import static org.assertj.core.api.Assertions.assertThat;

// The application's own H2 database, in PostgreSQL mode, with the schema and seed of the shared
// Flyway scripts. The slice leaves out Flyway, and the app's mapping context that reads the
// unquoted names those scripts create.
@DataR2dbcTest(includeFilters = @Filter(type = FilterType.REGEX,
		pattern = "dev\\.fluxbench\\.app\\.system\\.R2dbcConfiguration"))
@ImportAutoConfiguration(FlywayAutoConfiguration.class)
class ArtistRepositoryTests {

	@Autowired
	private ArtistRepository artists;

	@Autowired
	private TransactionalOperator transactions;

	@Test
	void seedShouldHoldFiftyArtists() {
		assertThat(this.artists.findAllBy(PageRequest.of(0, 1000, Sort.by("id"))).collectList().block()).hasSize(50);
	}

	@Test
	void findAllByShouldAnswerTheRequestedPageInIdOrderWithEveryColumn() {
		List<Artist> page = this.artists.findAllBy(PageRequest.of(1, 10, Sort.by("id"))).collectList().block();
		assertThat(page).map(Artist::toDto)
			.map(ArtistDto::id)
			.containsExactly(11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L, 20L);
		assertThat(page.get(0).toDto()).isEqualTo(new ArtistDto(11, "Kaja Moreau", Gender.FEMALE, 1970L, "1970-11-23",
				"Tallinn", "Estonia", "Afrobeat, Rap"));
	}

	@Test
	void findByIdShouldMapEveryColumn() {
		assertThat(this.artists.findById(1L).blockOptional()).map(Artist::toDto)
			.contains(new ArtistDto(1, "Ada Moreau", Gender.FEMALE, 1960L, "1940-01-01", "Tallinn", "Estonia",
					"Afrobeat, Rap"));
	}

	@Test
	void findByIdWhenArtistIsUnknownShouldAnswerNothing() {
		assertThat(this.artists.findById(999L).blockOptional()).isEmpty();
	}

	@Test
	void saveShouldAssignAnIdThatFindByIdAnswers() {
		ArtistRequest request = new ArtistRequest("Nina Kask", Gender.OTHER, 2020L, null, "Tartu", "Estonia", "Techno");
		List<ArtistDto> savedThenFound = rolledBack(this.artists.save(Artist.from(request))
			.flatMapMany((saved) -> Flux.concat(Mono.just(saved), this.artists.findById(saved.id())))
			.map(Artist::toDto));
		assertThat(savedThenFound).hasSize(2);
		assertThat(savedThenFound.get(0).id()).isGreaterThan(50);
		assertThat(savedThenFound.get(1)).isEqualTo(savedThenFound.get(0));
	}

	// Rolled back, as @DataJpaTest does in the mvc stack, so that every test sees the
	// fifty seeded artists of a database that lives as long as the JVM.
	private <T> List<T> rolledBack(Flux<T> work) {
		return this.transactions.execute((status) -> {
			status.setRollbackOnly();
			return work;
		}).collectList().block();
	}

}
