package dev.fluxbench.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

import dev.fluxbench.harness.scenario.Stack;

class DatabaseTest {

	@Test
	void h2AddsOnlyTheStacksProfiles() {
		Database h2 = Database.parse("h2");
		assertThat(h2.args(Stack.MVC)).isEmpty();
		assertThat(h2.args(Stack.MVC_VT)).containsExactly("--spring.profiles.active=vt");
	}

	@Test
	void postgresGivesEachStackItsOwnSchema() {
		Database postgres = Database.parse("postgres");
		assertThat(postgres.args(Stack.MVC_VT)).contains("--spring.profiles.active=postgres,vt",
				"--fluxbench.db.host=127.0.0.1", "--fluxbench.db.port=5432", "--fluxbench.db.name=test",
				"--fluxbench.db.schema=fluxbench_mvc_vt");
		assertThat(postgres.args(Stack.WEBFLUX)).contains("--fluxbench.db.schema=fluxbench_webflux");
	}

	@Test
	void aJdbcUrlIsTakenApartForBothStacks() {
		Database url = Database.parse("jdbc:postgresql://db.local:6543/bench?user=me&password=secret");
		assertThat(url).isEqualTo(new Database.Postgres("db.local", 6543, "bench", "me", "secret"));
		assertThat(url.describe()).isEqualTo("jdbc:postgresql://db.local:6543/bench as me").doesNotContain("secret");
	}

	@Test
	void otherDatabasesAreRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:mysql://localhost/test"));
		assertThatIllegalArgumentException().isThrownBy(() -> Database.parse("jdbc:postgresql://host-only"));
	}

	@Test
	void defaultLayoutOnTwoCoresPutsTheAppOnCoreZero() {
		CpuLayout layout = CpuLayout.defaults(2);
		if (layout.pinned()) {
			assertThat(layout.appCpus()).hasValue("0");
			assertThat(layout.loadCpus()).hasValue("1");
		}
		assertThat(layout.appCoreCount()).isEqualTo(layout.pinned() ? 1 : 2);
		assertThat(CpuLayout.defaults(8).appCoreCount()).isEqualTo(CpuLayout.defaults(8).pinned() ? 4 : 8);
	}

	@Test
	void overlappingCoresAreRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> CpuLayout.of("0-1", "1", 4))
			.withMessageContaining("share core(s) [1]");
	}

}
