package dev.fluxbench.harness.knee;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import dev.fluxbench.harness.knee.KneeJson.Ending;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KneeJsonTests {

	@TempDir
	Path directory;

	@Test
	void kneeJsonWhenWrittenShouldReadBackEqual() {
		KneeJson knee = KneeFixture.knee();
		Path file = this.directory.resolve(KneeJson.FILE);
		knee.write(file);
		assertThat(KneeJson.read(file)).isEqualTo(knee);
		assertThat(file).content()
			.contains("\"formatVersion\": 1", "\"status\": \"finished\"", "\"ending\": \"not-met-at-start\"",
					"\"stepHold\": \"PT6S\"", "\"rateUnit\": \"journeys/s\"", "\"p99Ms\": ");
	}

	@Test
	void targetShouldHaveAKneeOnlyWhenEveryTrialFoundOne() {
		KneeJson knee = KneeFixture.knee();
		assertThat(knee.everyTargetHasAKnee()).as("webflux missed the SLO at the start rate").isFalse();
		KneeJson mvcOnly = new KneeJson(knee.formatVersion(), knee.fluxbench(), knee.commandLine(), knee.status(),
				knee.failure(), knee.started(), knee.ended(), knee.scenario(), knee.source(), knee.requestsPerJourney(),
				knee.settings(), knee.targets(), knee.steps(), knee.results().subList(0, 1));
		assertThat(mvcOnly.everyTargetHasAKnee()).isTrue();
	}

	@Test
	void targetWhenItHasNoKneeShouldNotBeGivenOne() {
		KneeJson.TargetResult webflux = KneeFixture.knee().results().get(1);
		assertThat(webflux.knee()).isEmpty();
		assertThat(webflux.trials()).allSatisfy((trial) -> {
			assertThat(trial.ending()).isEqualTo(Ending.NOT_MET_AT_START);
			assertThat(trial.knee()).isEmpty();
		});
		assertThat(webflux.summary())
			.isEqualTo("trial 1: not met even at the lowest rate, 10 journeys/s; trial 2: not met"
					+ " even at the lowest rate, 10 journeys/s");
	}

	@Test
	void kneeWhenOverTwoTrialsShouldHaveAnInterval() {
		KneeJson.TargetResult mvc = KneeFixture.knee().results().getFirst();
		assertThat(mvc.knee()).hasValueSatisfying((knee) -> {
			assertThat(knee.mean()).isEqualTo(140.5);
			assertThat(knee.low()).isPresent();
			assertThat(knee.trials()).isEqualTo(2);
			assertThat(knee.atLeast()).isFalse();
		});
		assertThat(mvc.summary()).startsWith("knee 140.5 journeys/s (95% CI ").endsWith(", 2 trials)");
		assertThat(mvc.usl().points()).isEqualTo(16);
		assertThat(mvc.usl().sigma()).isPresent();
	}

	@Test
	void fileWhenTheSearchWasKilledShouldReadWithWhatItHas() throws IOException {
		Path file = this.directory.resolve(KneeJson.FILE);
		Files.writeString(file, "{\"status\": \"running\", \"steps\": [{\"target\": \"mvc\", \"rateAsked\": 10}],"
				+ " \"results\": [{\"target\": \"mvc\", \"trials\": [{\"ending\": \"someday\"}]}]}");
		KneeJson knee = KneeJson.read(file);
		assertThat(knee.status()).isEqualTo(KneeJson.Status.RUNNING);
		assertThat(knee.steps()).singleElement().satisfies((step) -> assertThat(step.runs()).isEmpty());
		assertThat(knee.results().getFirst().trials().getFirst().ending()).isEqualTo(Ending.UNKNOWN);
		assertThat(knee.results().getFirst().knee()).isEqualTo(Optional.empty());
		assertThat(knee.everyTargetHasAKnee()).isFalse();
	}

	@Test
	void fileWhenItIsNotJsonShouldBeRefusedInOneLine() throws IOException {
		Path file = this.directory.resolve(KneeJson.FILE);
		Files.writeString(file, "{\"steps\": [");
		assertThatIllegalArgumentException().isThrownBy(() -> KneeJson.read(file))
			.withMessageStartingWith("'" + file + "' is not a fluxbench knee.json: ")
			.satisfies((ex) -> assertThat(ex.getMessage().lines()).hasSize(1));
	}

}
