package dev.fluxbench.app.concert;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-relation variant: JPA's lazy relations, a select for the concert, one for its
 * listings, one for each listing's musics, and one for each artist and reference music
 * the persistence context does not hold yet.
 */
@SpringBootTest(
		properties = { "spring.datasource.url=jdbc:h2:mem:concerts-per-relation;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"fluxbench.account.bcrypt-cost=4", "fluxbench.concerts.fetch=per-relation" })
class ConcertServicePerRelationTests extends AbstractConcertServiceTests {

	@Override
	void assertStatements(double statements, int listings) {
		assertThat(statements).isBetween(2.0 + listings, 2.0 + 3 * listings);
	}

}
