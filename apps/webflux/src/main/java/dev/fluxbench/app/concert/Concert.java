package dev.fluxbench.app.concert;

import java.time.LocalDate;
import java.util.List;

import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

@Table("concert")
record Concert(@Id Long id, String name, String location, @Column("concert_date") LocalDate date) {

	static Concert from(ConcertRequest request) {
		return new Concert(null, request.name(), request.location(), request.date());
	}

	ConcertDto toDto(List<ListingDto> listings) {
		return new ConcertDto(this.id, this.name, this.location, this.date, listings);
	}

}
