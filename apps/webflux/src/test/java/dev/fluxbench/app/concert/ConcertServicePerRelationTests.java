package dev.fluxbench.app.concert;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-relation variant: a select for the concert, one for its listings, and for each
 * listing one for its artist, its reference music and its musics.
 */
@SpringBootTest(properties = {
		"spring.r2dbc.url=r2dbc:h2:mem:///concerts-per-relation?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
		"spring.flyway.url=jdbc:h2:mem:concerts-per-relation;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
		"fluxbench.account.bcrypt-cost=4", "fluxbench.concerts.fetch=per-relation" })
class ConcertServicePerRelationTests extends AbstractConcertServiceTests {

	@Override
	void assertStatements(double statements, int listings) {
		assertThat(statements).isEqualTo(2.0 + 3 * listings);
	}

}
