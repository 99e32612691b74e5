package dev.fluxbench.contract.operation;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * An operation as every stack returns it: the request's fields plus the id the database
 * chose.
 */
public record OperationDto(long id, Instant date, String description, BigDecimal amount) {

}
