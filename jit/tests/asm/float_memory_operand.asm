function main (asm, 248 bytes)
    00000  jmp 00000000000000C1h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 6: itof
    0000c  xorps xmm2,xmm2
    00010  cvtsi2sd xmm2,rdi
; line 7: load
    00015  cmp rsi,7
    0001c  jae 0000000000000077h
; line 8: fsub
    00022  subsd xmm2,[r14+rsi*8]
; line 9: load
    00028  mov rsi,[r14+rsi*8+8]
; line 10: and
    00030  test rdi,rsi
    00033  jne 000000000000006Ch
; line 12: fprint
    00039  movq rax,xmm2
    0003e  mov rsi,rax
    00041  mov ecx,6
    00046  mov edx,3
    0004b  mov rdi,[r15+30h]
    0004f  mov rax,ADDR
    00059  push r10
    0005b  push r11
    0005d  call rax  ; jit_fprint
    0005f  pop r11
    00061  pop r10
    00063  test rdx,rdx
    00066  jne 00000000000000BCh
; line 14: ret
    0006c  mov eax,0
    00072  mov rsp,rbp
    00075  pop rbp
    00076  ret
; cells off a base past their check: find the first outside
    00077  lea rcx,[rsi]
    0007f  cmp rcx,8
    00086  jae 00000000000000A6h
    0008c  lea rcx,[rsi+1]
    00094  cmp rcx,8
    0009b  jae 00000000000000B1h
    000a1  jmp 00000000000000B1h
; trap: memory access out of bounds at line 7
    000a6  mov edx,1
    000ab  jmp qword ptr [0E8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 9
    000b1  mov edx,3
    000b6  jmp qword ptr [0E8h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    000bc  mov rsp,[r15+28h]
    000c0  ret
; external entry (from the interpreter)
    000c1  mov rax,ADDR
    000cb  mov rcx,ADDR
    000d5  lea r11,[8]
    000dc  jmp qword ptr [0F0h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    000e8  dq ADDR  ; glue: memory access out of bounds through jit_trap
    000f0  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

