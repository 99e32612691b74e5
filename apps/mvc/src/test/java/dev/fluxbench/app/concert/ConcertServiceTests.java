package dev.fluxbench.app.concert;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The default way of reading: one select with the entity graph. */
@SpringBootTest(properties = { "spring.datasource.url=jdbc:h2:mem:concerts-join;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
		"fluxbench.account.bcrypt-cost=4" })
class ConcertServiceTests extends AbstractConcertServiceTests {

	@Override
	void assertStatements(double statements, int listings) {
		assertThat(statements).isEqualTo(1);
	}

}
