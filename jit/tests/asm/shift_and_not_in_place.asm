function main (asm, 216 bytes)
    00000  jmp 00000000000000A8h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  mov rax,rsi
    00016  mov rsi,rdi
    00019  mov rdi,rax
; line 7: and
    0001c  and rsi,1Fh
; line 8: shl
    00023  mov rcx,rsi
    00026  mov esi,1
    0002c  shl rsi,cl
; line 9: not
    0002f  not rsi
; line 10: and
    00032  and rdi,rsi
; line 11: neg
    00035  neg rdi
; line 12: print
    00038  mov rax,rdi
    0003b  mov [rbp-8],rsi
    0003f  mov rsi,rax
    00042  mov ecx,5
    00047  mov rdi,[r15+30h]
    0004b  mov rax,ADDR
    00055  push r10
    00057  push r11
    00059  call rax  ; jit_print
    0005b  pop r11
    0005d  pop r10
    0005f  test rdx,rdx
    00062  jne 00000000000000A3h
    00068  mov rsi,[rbp-8]
; line 13: print
    0006c  mov rax,rsi
    0006f  mov rsi,rax
    00072  mov ecx,6
    00077  mov rdi,[r15+30h]
    0007b  mov rax,ADDR
    00085  push r10
    00087  push r11
    00089  call rax  ; jit_print
    0008b  pop r11
    0008d  pop r10
    0008f  test rdx,rdx
    00092  jne 00000000000000A3h
; line 14: ret
    00098  mov eax,0
    0009e  mov rsp,rbp
    000a1  pop rbp
    000a2  ret
; unwind to the entry from the interpreter
    000a3  mov rsp,[r15+28h]
    000a7  ret
; external entry (from the interpreter)
    000a8  mov rax,ADDR
    000b2  mov rcx,ADDR
    000bc  lea r11,[8]
    000c3  jmp qword ptr [0D0h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    000d0  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

