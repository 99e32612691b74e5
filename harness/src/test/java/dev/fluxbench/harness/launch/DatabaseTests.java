package dev.fluxbench.harness.launch;

import dev.fluxbench.harness.scenario.Stack;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DatabaseTests {

	@Test
	void h2ShouldAddOnlyTheStacksProfiles() {
		Database h2 = Database.parse("h2");
		assertThat(h2.args(Stack.MVC)).isEmpty();
		assertThat(h2.args(Stack.MVC_VT)).containsExactly("--spring.profiles.active=vt");
	}

	@Test
	void postgresShouldGiveEachStackItsOwnSchema() {
		Database postgres = Database.parse("postgres");
		assertThat(postgres.args(Stack.MVC_VT)).contains("--spring.profiles.active=postgres,vt",
				"--fluxbench.db.host=127.0.0.1", "--fluxbench.db.port=5432", "--fluxbench.db.name=test",
				"--fluxbench.db.schema=fluxbench_mvc_vt");
		assertThat(postgres.args(Stack.WEBFLUX)).contains("--fluxbench.db.schema=fluxbench_webflux");
	}

	@Test
	void jdbcUrlShouldBeTakenApartForBothStacks() {
		Database url = Database.parse("jdbc:postgresql://db.local:6543/bench?user=me&password=secret");
		assertThat(url).isEqualTo(new Database.Postgres("db.local", 6543, "bench", "me", "secret"));
		assertThat(url.describe()).isEqualTo("jdbc:postgresql://db.local:6543/bench as me").doesNotContain("secret");
	}

	@Test
	void mariadbShouldGiveEachStackADatabaseOfItsOwn() {
		Database mariadb = Database.parse("mariadb");
		assertThat(mariadb).isEqualTo(new Database.Mariadb("127.0.0.1", 3306, "test", "root", ""));
		assertThat(mariadb.args(Stack.MVC_VT)).containsExactly("--spring.profiles.active=mariadb,vt",
				"--fluxbench.db.host=127.0.0.1", "--fluxbench.db.port=3306", "--fluxbench.db.name=test",
				"--fluxbench.db.user=root", "--fluxbench.db.password=", "--fluxbench.db.schema=fluxbench_mvc_vt");
		assertThat(mariadb.args(Stack.WEBFLUX)).contains("--spring.profiles.active=mariadb",
				"--fluxbench.db.schema=fluxbench_webflux");
	}

	@Test
	void mariadbUrlShouldBeTakenApartWithMariadbsDefaults() {
		Database url = Database.parse("jdbc:mariadb://db.local:3307/bench?user=me&password=secret");
		assertThat(url).isEqualTo(new Database.Mariadb("db.local", 3307, "bench", "me", "secret"));
		assertThat(url.describe()).isEqualTo("jdbc:mariadb://db.local:3307/bench as me").doesNotContain("secret");
		assertThat(Database.parse("jdbc:mariadb://db.local/bench"))
			.isEqualTo(new Database.Mariadb("db.local", 3306, "bench", "root", ""));
	}

	@Test
	void otherDatabasesShouldBeRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:mysql://localhost/test"))
			.withMessage("--db 'jdbc:mysql://localhost/test' is not h2, postgres, mariadb or a jdbc:postgresql:// or"
					+ " jdbc:mariadb:// URL (the stacks speak no other database)");
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("maria"))
			.withMessageStartingWith("--db 'maria' is not h2, postgres, mariadb");
	}

	@Test
	void urlWhenItLacksAHostOrADatabaseShouldBeRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:postgresql://host-only"))
			.withMessage("--db 'jdbc:postgresql://host-only' needs a host and a database name");
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:mariadb://host-only/"))
			.withMessage("--db 'jdbc:mariadb://host-only/' needs a host and a database name");
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:mariadb:///test"))
			.withMessage("--db 'jdbc:mariadb:///test' needs a host and a database name");
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:mariadb://db local/test"))
			.withMessage("--db 'jdbc:mariadb://db local/test' is not a valid URL");
	}

	@Test
	void cpuLayoutWhenDefaultOnTwoCoresShouldPutTheAppOnCoreZero() {
		CpuLayout layout = CpuLayout.defaults(2);
		if (layout.pinned()) {
			assertThat(layout.appCpus()).hasValue("0");
			assertThat(layout.loadCpus()).hasValue("1");
		}
		assertThat(layout.appCoreCount()).isEqualTo(layout.pinned() ? 1 : 2);
		assertThat(CpuLayout.defaults(8).appCoreCount()).isEqualTo(CpuLayout.defaults(8).pinned() ? 4 : 8);
	}

	@Test
	void cpuLayoutWhenTheCoresOverlapShouldBeRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> CpuLayout.of("0-1", "1", 4))
			.withMessageContaining("share core(s) [1]");
	}

}
