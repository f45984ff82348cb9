import { Module } from '@nestjs/common';
import { IngestRepository } from './ingest.repository';
import { IngestWorkspace } from './ingest-workspace';

/** The upload records and folders, shared by the API, the worker and maintenance. */
@Module({ providers: [IngestRepository, IngestWorkspace], exports: [IngestRepository, IngestWorkspace] })
export class IngestCoreModule {}
