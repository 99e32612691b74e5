package dev.fluxbench.app.operation;

import java.math.BigDecimal;
import java.time.Instant;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationRequest;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * An operation as JPA maps it: the blocking side of seed 002. mvc stores operations
 * through it, and so do webflux's jdbc variants, which is the seed's point: the same
 * blocking repository under a reactive REST layer. webflux on R2DBC has its own row type.
 */
@Entity
@Table(name = "operation")
public class OperationEntity {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	@Column(name = "operation_date", nullable = false)
	private Instant date;

	@Column(nullable = false, length = 255)
	private String description;

	@Column(nullable = false, precision = 19, scale = 2)
	private BigDecimal amount;

	protected OperationEntity() {
	}

	private OperationEntity(Instant date, String description, BigDecimal amount) {
		this.date = date;
		this.description = description;
		this.amount = amount;
	}

	public static OperationEntity from(OperationRequest request) {
		return new OperationEntity(request.date(), request.description(), request.amount());
	}

	public OperationDto toDto() {
		return new OperationDto(this.id, this.date, this.description, this.amount);
	}

	public Long getId() {
		return this.id;
	}

}
