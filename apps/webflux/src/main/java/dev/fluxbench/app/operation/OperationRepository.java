package dev.fluxbench.app.operation;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.domain.Pageable;
import org.springframework.data.r2dbc.repository.Modifying;
import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.Repository;

interface OperationRepository extends Repository<Operation, Long> {

	Flux<Operation> findAllBy(Pageable pageable);

	Mono<Long> count();

	Mono<Operation> findById(Long id);

	Mono<Operation> save(Operation operation);

	/**
	 * One statement that says whether there was anything to delete, so that a second
	 * DELETE answers 404 without a read before the write.
	 * @return the number of operations deleted, 0 or 1
	 */
	@Modifying
	@Query("delete from operation where id = :id")
	Mono<Integer> deleteReturningCount(long id);

}
