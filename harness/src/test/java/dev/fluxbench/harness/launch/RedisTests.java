package dev.fluxbench.harness.launch;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Against the machine's real Redis, which CI starts when it is down. */
class RedisTests {

	@Test
	void flushShouldEmptyTheStacksDatabaseAndNoOther() throws Exception {
		redisCli("-n", "7", "SET", "units::1", "cached");
		redisCli("-n", "6", "SET", "fluxbench-redis-test", "kept");
		try {
			Redis.LOCAL.check();
			Redis.LOCAL.flush();
			assertThat(redisCli("-n", "7", "DBSIZE")).isEqualTo("0");
			assertThat(redisCli("-n", "6", "GET", "fluxbench-redis-test")).isEqualTo("kept");
		}
		finally {
			redisCli("-n", "6", "DEL", "fluxbench-redis-test");
		}
	}

	@Test
	void redisWhenNotListeningShouldBeAnEnvironmentProblemWithItsAddress() throws IOException {
		int closed;
		try (ServerSocket socket = new ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		Redis nowhere = new Redis("127.0.0.1", closed, 7);
		assertThatExceptionOfType(EnvironmentException.class).isThrownBy(nowhere::check)
			.withMessageStartingWith("Redis is not reachable at 127.0.0.1:" + closed);
	}

	@Test
	void stacksShouldBeToldWhereTheCacheLives() {
		assertThat(Redis.LOCAL.args()).containsExactly("--spring.data.redis.host=127.0.0.1",
				"--spring.data.redis.port=6379", "--spring.data.redis.database=7");
	}

	private static String redisCli(String... args) throws IOException, InterruptedException {
		String[] command = new String[args.length + 1];
		command[0] = "redis-cli";
		System.arraycopy(args, 0, command, 1, args.length);
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		assertThat(process.waitFor()).as("redis-cli %s: %s", String.join(" ", args), output).isZero();
		return output;
	}

}
