package dev.fluxbench.launcher;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FreePortTests {

	@Test
	void findShouldAnswerAPortThatIsFreeOnLoopback() {
		int port = FreePort.find();

		assertThat(port).isBetween(1, 65_535);
		assertThat(FreePort.isFree(port)).isTrue();
	}

	@Test
	void findShouldAnswerAPortBelowTheRangeTheKernelGivesOutgoingConnections() {
		// Client sockets anywhere on the machine take ephemeral ports; a port below them
		// is not taken by the next connection some other process opens.
		int port = FreePort.find();

		FreePort.ephemeralRangeStart()
			.ifPresent((start) -> assertThat(port).isGreaterThanOrEqualTo(FreePort.LOWEST).isLessThan(start));
	}

	@Test
	void findShouldNeverAnswerTheSamePortTwice() {
		// Services started in parallel each ask for a port before any of them binds it.
		Set<Integer> ports = new HashSet<>();
		for (int i = 0; i < 200; i++) {
			ports.add(FreePort.find());
		}

		assertThat(ports).hasSize(200);
	}

	@Test
	void isFreeWhileAServerListensShouldBeFalse() throws Exception {
		try (ServerSocket server = new ServerSocket()) {
			server.bind(new InetSocketAddress(FreePort.LOOPBACK, 0));

			assertThat(FreePort.isFree(server.getLocalPort())).isFalse();
		}
	}

	@Test
	void isFreeOnceTheServerClosedShouldBeTrue() throws Exception {
		// A port of find()'s, not port 0's: once closed, an ephemeral port may become the
		// local end of any process's next outgoing connection, and then it is no longer
		// free.
		int port = FreePort.find();
		try (ServerSocket server = new ServerSocket()) {
			server.setReuseAddress(true);
			server.bind(new InetSocketAddress(FreePort.LOOPBACK, port));
		}

		assertThat(FreePort.isFree(port)).isTrue();
	}

	@Test
	void isFreeWithANumberThatIsNoPortShouldBeRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> FreePort.isFree(0));
		assertThatIllegalArgumentException().isThrownBy(() -> FreePort.isFree(65_536));
	}

}
