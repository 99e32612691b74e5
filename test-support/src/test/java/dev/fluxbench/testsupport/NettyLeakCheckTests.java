package dev.fluxbench.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The check itself: a buffer that is never released fails it, with where it was
 * allocated. The test looks for the leak itself, which leaves nothing for the check after
 * this class.
 */
class NettyLeakCheckTests {

	@Test
	void assertNoLeakAfterABufferWasDroppedUnreleasedShouldFailWithWhereItWasAllocated() {
		// The build names the detector; a run from an IDE may not.
		assumeTrue(NettyLeakCheck.Detector.class.getName()
			.equals(System.getProperty("io.netty.customResourceLeakDetector")));
		leakOneBuffer();

		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> NettyLeakCheck.assertNoLeak("this test"))
			.withMessageStartingWith("1 Netty resource(s) leaked during or before this test")
			.withMessageContaining("LEAK: ByteBuf.release() was not called")
			.withMessageContaining("leakOneBuffer");
	}

	@Test
	void assertNoLeakAfterEveryBufferWasReleasedShouldPass() {
		ByteBuf buffer = ByteBufAllocator.DEFAULT.directBuffer(64).writeInt(42);
		buffer.release();

		assertThatNoException().isThrownBy(() -> NettyLeakCheck.assertNoLeak("this test"));
	}

	/** Out of line, so that nothing on the test's stack still refers to the buffer. */
	private static void leakOneBuffer() {
		ByteBufAllocator.DEFAULT.directBuffer(64).writeInt(42);
	}

}
