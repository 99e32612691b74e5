package dev.fluxbench.app.operation;

import java.math.BigDecimal;
import java.time.Instant;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationRequest;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An operation as R2DBC maps it, in the default stack. The jdbc variants store
 * {@link OperationEntity} through mvc's repository instead; both map the same table.
 */
@Table("operation")
record Operation(@Id Long id, @Column("operation_date") Instant date, String description, BigDecimal amount) {

	static Operation from(OperationRequest request) {
		return new Operation(null, request.date(), request.description(), request.amount());
	}

	OperationDto toDto() {
		return new OperationDto(this.id, this.date, this.description, this.amount);
	}

}
