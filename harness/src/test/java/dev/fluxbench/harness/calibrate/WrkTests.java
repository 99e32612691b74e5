package dev.fluxbench.harness.calibrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import dev.fluxbench.harness.results.CalibrationJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WrkTests {

	/**
	 * wrk's own summary, then the script's line; the stat's utime and stime are 1234 and
	 * 66 ticks, 13 s in all.
	 */
	private static final String OUTPUT = """
			Running 20s test @ http://127.0.0.1:8080/concerts/data/artists?page=0&size=20
			  1 threads and 10 connections
			  Thread Stats   Avg      Stdev     Max   +/- Stdev
			    Latency     2.01ms  300.00us  12.00ms   90.00%
			    Req/Sec     5.00k   100.00     5.20k    70.00%
			  100000 requests in 20.00s, 50.00MB read
			Requests/sec:   5000.00
			Transfer/sec:      2.50MB
			{"requests":100000,"durationMicros":20000000,"p50Micros":1900,"p99Micros":4500,\
			"errors":{"connect":0,"read":1,"write":0,"status":2,"timeout":3},\
			"stat":"4242 (wrk) S 1 4242 4242 0 -1 4194304 300 0 0 0 1234 66 0 0 20 0 2 0 100 1000000 500 1 2 3"}
			""";

	@Test
	void scriptsLineShouldGiveCountsPercentilesAndWrksOwnCpu() {
		CalibrationJson.Side side = Wrk.parse(OUTPUT);
		assertThat(side.requests()).isEqualTo(100_000);
		assertThat(side.errors()).isEqualTo(6);
		assertThat(side.elapsed()).isEqualTo(Duration.ofSeconds(20));
		assertThat(side.p50()).isEqualTo(Duration.ofMillis(1).plusNanos(900_000));
		assertThat(side.p99()).isEqualTo(Duration.ofMillis(4).plusNanos(500_000));
		assertThat(side.cpu()).isEqualTo(Duration.ofSeconds(13));
		assertThat(side.cpuMillisPer1000Requests()).isEqualTo(130.0);
		assertThat(side.throughput()).isEqualTo(5000.0);
	}

	@Test
	void outputWhenTheScriptsLineIsMissingShouldBeRefusedInOneLine() {
		assertThatIllegalArgumentException().isThrownBy(() -> Wrk.parse("unable to connect to 127.0.0.1:8080\n"))
			.withMessage("wrk printed no result line: did its script run?");
	}

	@Test
	void lineWhenItsCountsAreMissingShouldBeRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Wrk.parse("{\"requests\":10,\"durationMicros\":1000000,\"stat\":\"1 (wrk) S\"}"))
			.withMessageStartingWith("wrk's result line has no p50Micros");
	}

	@Test
	void lineWhenCutShortShouldBeRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> Wrk.parse("{\"requests\":10,\"durat"))
			.withMessageStartingWith("wrk's result line is not JSON");
	}

	@Test
	void statWhenItIsNoStatShouldBeRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Wrk
				.parse("{\"requests\":10,\"durationMicros\":1000000,\"p50Micros\":1,\"p99Micros\":2,\"stat\":\"\"}"))
			.withMessageStartingWith("not a /proc stat line");
	}

	@Test
	void wrkShouldBeFoundOnThePathOnlyWhenExecutable(@TempDir Path bin, @TempDir Path empty) throws IOException {
		Path wrk = Files.writeString(bin.resolve("wrk"), "#!/bin/sh\n");
		assertThat(Wrk.onPath(empty + ":" + bin)).isEmpty();
		Files.setPosixFilePermissions(wrk, PosixFilePermissions.fromString("rwxr-xr-x"));
		assertThat(Wrk.onPath(empty + ":" + bin)).isPresent();
		assertThat(Wrk.onPath(null)).isEmpty();
	}

}
