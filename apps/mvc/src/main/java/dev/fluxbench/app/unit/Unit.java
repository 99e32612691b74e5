package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.fluxbench.contract.unit.UnitDto;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

@Entity
@Table(name = "unit")
class Unit {

	// The partner assigns ids; the store never generates one.
	@Id
	private Long id;

	private String partner;

	private String name;

	private String category;

	private BigDecimal amount;

	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(length = 3)
	private String currency;

	private long version;

	private OffsetDateTime updatedAt;

	protected Unit() {
	}

	UnitDto toDto() {
		return new UnitDto(this.id, this.partner, this.name, this.category, this.amount, this.currency, this.version,
				this.updatedAt.toInstant());
	}

	static OffsetDateTime utc(UnitDto unit) {
		return unit.updatedAt().atOffset(ZoneOffset.UTC);
	}

}
