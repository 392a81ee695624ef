function main (asm, 120 bytes)
    00000  jmp 000000000000004Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 4: shr
    0000c  sar rsi,1
; line 5: print
    00010  mov rax,rsi
    00013  mov rsi,rax
    00016  mov ecx,1
    0001b  mov rdi,[r15+30h]
    0001f  mov rax,ADDR
    00029  push r10
    0002b  push r11
    0002d  call rax  ; jit_print
    0002f  pop r11
    00031  pop r10
    00033  test rdx,rdx
    00036  jne 0000000000000047h
; line 6: ret
    0003c  mov eax,0
    00042  mov rsp,rbp
    00045  pop rbp
    00046  ret
; unwind to the entry from the interpreter
    00047  mov rsp,[r15+28h]
    0004b  ret
; external entry (from the interpreter)
    0004c  mov rax,ADDR
    00056  mov rcx,8
    00060  lea r11,[8]
    00067  jmp qword ptr [70h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00070  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

