package dev.fluxbench.app.artist;

import java.util.List;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.artist.Gender;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase.Replace;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

import static org.assertj.core.api.Assertions.assertThat;

// The application's own H2 database, in PostgreSQL mode, with the schema and seed of the shared
// Flyway scripts: Hibernate only validates the schema, so the mapping is checked against them too.
@DataJpaTest
@AutoConfigureTestDatabase(replace = Replace.NONE)
class ArtistRepositoryTests {

	@Autowired
	private ArtistRepository artists;

	@Autowired
	private TestEntityManager entityManager;

	@Test
	void seedShouldHoldFiftyArtists() {
		assertThat(this.artists.findAllBy(PageRequest.of(0, 1000, Sort.by("id")))).hasSize(50);
	}

	@Test
	void findAllByShouldAnswerTheRequestedPageInIdOrderWithEveryColumn() {
		List<Artist> page = this.artists.findAllBy(PageRequest.of(1, 10, Sort.by("id")));
		assertThat(page).map(Artist::toDto)
			.map(ArtistDto::id)
			.containsExactly(11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L, 20L);
		assertThat(page.get(0).toDto()).isEqualTo(new ArtistDto(11, "Kaja Moreau", Gender.FEMALE, 1970L, "1970-11-23",
				"Tallinn", "Estonia", "Afrobeat, Rap"));
	}

	@Test
	void findByIdShouldMapEveryColumn() {
		assertThat(this.artists.findById(1L)).map(Artist::toDto)
			.contains(new ArtistDto(1, "Ada Moreau", Gender.FEMALE, 1960L, "1940-01-01", "Tallinn", "Estonia",
					"Afrobeat, Rap"));
	}

	@Test
	void findByIdWhenArtistIsUnknownShouldAnswerNothing() {
		assertThat(this.artists.findById(999L)).isEmpty();
	}

	@Test
	void saveShouldAssignAnIdThatFindByIdAnswers() {
		ArtistRequest request = new ArtistRequest("Nina Kask", Gender.OTHER, 2020L, null, "Tartu", "Estonia", "Techno");
		ArtistDto saved = this.artists.save(Artist.from(request)).toDto();
		assertThat(saved.id()).isGreaterThan(50);
		// Read the row back from the database, not the copy the persistence context
		// holds.
		this.entityManager.flush();
		this.entityManager.clear();
		assertThat(this.artists.findById(saved.id())).map(Artist::toDto).contains(saved);
	}

}
