package dev.fluxbench.app.operation;

import java.util.concurrent.Callable;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationRequest;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/**
 * webflux-jdbc and webflux-jdbc-parallel: the seed's application that was reactive on the
 * REST layer only. Every call goes to the blocking {@link OperationJpaRepository} that
 * mvc uses, unchanged, wrapped in a {@code Mono} that runs it on the operations
 * scheduler: the thread that subscribes, a Netty event loop, must never wait for JDBC.
 * The answer goes on from the scheduler's thread, as the seed's did; one more hop back
 * would add a cost the seed did not have.
 */
class JpaOperations implements Operations {

	private final OperationJpaRepository operations;

	private final Scheduler scheduler;

	JpaOperations(OperationJpaRepository operations, Scheduler scheduler) {
		this.operations = operations;
		this.scheduler = scheduler;
	}

	@Override
	public Mono<Page<OperationDto>> page(Pageable pageable) {
		return blocking(() -> this.operations.findAll(pageable).map(OperationEntity::toDto));
	}

	@Override
	public Mono<OperationDto> find(long id) {
		// A null from the callable is an empty Mono.
		return blocking(() -> this.operations.findById(id).map(OperationEntity::toDto).orElse(null));
	}

	@Override
	public Mono<OperationDto> create(OperationRequest request) {
		return blocking(() -> this.operations.save(OperationEntity.from(request)).toDto());
	}

	@Override
	public Mono<Boolean> delete(long id) {
		// As mvc deletes: Spring Data JPA's deleteById says nothing when there was
		// nothing to delete.
		return blocking(() -> this.operations.findById(id).map((operation) -> {
			this.operations.delete(operation);
			return true;
		}).orElse(false));
	}

	private <T> Mono<T> blocking(Callable<T> call) {
		return Mono.fromCallable(call).subscribeOn(this.scheduler);
	}

}
