package dev.fluxbench.app.passthrough;

import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PassthroughController {

	private final DownstreamClient downstream;

	PassthroughController(DownstreamClient downstream) {
		this.downstream = downstream;
	}

	@PostMapping(path = "/passthrough/message", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<MessageAck> passthrough(@Valid @RequestBody Message message, @RequestHeader HttpHeaders headers) {
		return this.downstream.send(message, headers);
	}

}
