package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.fluxbench.contract.unit.UnitDto;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("unit")
record Unit(@Id Long id, String partner, String name, String category, BigDecimal amount, String currency, long version,
		OffsetDateTime updatedAt) {

	UnitDto toDto() {
		return new UnitDto(this.id, this.partner, this.name, this.category, this.amount, this.currency, this.version,
				this.updatedAt.toInstant());
	}

	static OffsetDateTime utc(UnitDto unit) {
		return unit.updatedAt().atOffset(ZoneOffset.UTC);
	}

}
