package dev.fluxbench.downstream;

import java.nio.ByteBuffer;
import java.util.Arrays;

import reactor.core.publisher.Mono;

import org.springframework.http.ReactiveHttpOutputMessage;
import org.springframework.web.reactive.function.BodyInserter;

/**
 * Bodies of any size up to a maximum, cut from one block filled at startup. A response of
 * N bytes costs a view of the block, not N bytes of heap: at thousands of responses a
 * second, allocating each body would make the downstream's GC part of what the benchmark
 * measures.
 */
final class Filler {

	/*
	 * Direct, so that Netty hands it to the socket as it is instead of copying each heap
	 * body into a direct buffer first. Read-only, because every response shares it.
	 */
	private final ByteBuffer block;

	Filler(int capacity) {
		byte[] bytes = new byte[capacity];
		Arrays.fill(bytes, (byte) 'x');
		this.block = ByteBuffer.allocateDirect(capacity).put(bytes).flip().asReadOnlyBuffer();
	}

	int capacity() {
		return this.block.capacity();
	}

	BodyInserter<Void, ReactiveHttpOutputMessage> body(int length) {
		return (message, context) -> message
			.writeWith(Mono.fromSupplier(() -> message.bufferFactory().wrap(this.block.slice(0, length))));
	}

}
