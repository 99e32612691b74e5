package dev.fluxbench.app.operation;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The blocking operations repository (see {@link OperationEntity}).
 */
public interface OperationJpaRepository extends JpaRepository<OperationEntity, Long> {

}
