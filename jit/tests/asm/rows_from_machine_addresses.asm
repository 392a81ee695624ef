function main (asm, 424 bytes)
    00000  jmp 0000000000000172h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    00017  mov [rbp-10h],r10
    0001b  mov [rbp-18h],r11
    0001f  mov r11,rdi
; line 9: load
    00022  cmp rsi,1000h
    00029  jae 000000000000014Fh
    0002f  mov r10,[r14+rsi*8]
    00033  mov esi,0
    00039  mov r8d,0
    0003f  cmp rsi,r11
    00042  jge 000000000000008Ah
    00048  test rsi,rsi
    0004b  js 000000000000008Ah
    00051  mov eax,1000h
    00056  sub rax,1
    0005c  cmp r11,rax
    0005f  jg 000000000000008Ah
    00065  mov rcx,r11
    00068  add rcx,r10
    0006b  cmp rcx,rax
    0006e  jg 000000000000008Ah
    00074  cmp r10,7FFFFFFFh
    0007b  ja 000000000000008Ah
    00081  lea rdi,[r14+r10*8]
    00085  jmp 00000000000000E7h
; line 13: jge
    0008a  cmp rsi,r11
    0008d  jge 00000000000000CEh
    00093  nop [rax+rax]
    0009c  nop [rax]
; line 14: add
    000a0  lea rdi,[r10+rsi]
; line 15: load
    000a5  cmp rdi,0FFFh
    000ac  jae 0000000000000120h
    000b2  mov r9,[r14+rdi*8]
; line 16: load
    000b6  mov rbx,[r14+rdi*8+8]
; line 17: add
    000be  add r8,r9
; line 18: store
    000c1  mov [r14+rdi*8],rbx
; line 19: add
    000c5  add rsi,1
; line 20: jmp
; line 13: jge
    000c9  cmp rsi,r11
    000cc  jl 00000000000000A0h
; line 22: add
    000ce  lea rsi,[r8+r10]
; line 23: ret
    000d3  mov rax,rsi
    000d6  mov rbx,[rbp-8]
    000da  mov r10,[rbp-10h]
    000de  mov r11,[rbp-18h]
    000e2  mov rsp,rbp
    000e5  pop rbp
    000e6  ret
; line 13: jge
; unchecked copy of the loop at line 13
    000e7  cmp rsi,r11
    000ea  jge 00000000000000CEh
    000ec  nop [rax+rax]
    000f5  nop [rax+rax]
    000fe  xchg ax,ax
; line 14: add
; line 15: load
    00100  mov r9,[rdi+rsi*8]
; line 16: load
    00105  mov rbx,[rdi+rsi*8+8]
; line 17: add
    0010d  add r8,r9
; line 18: store
    00110  mov [rdi+rsi*8],rbx
; line 19: add
    00115  add rsi,1
; line 20: jmp
; line 13: jge
    00119  cmp rsi,r11
    0011c  jl 0000000000000100h
    0011e  jmp 00000000000000CEh
; cells off a base past their check: find the first outside
    00120  lea rcx,[rdi]
    00128  cmp rcx,1000h
    0012f  jae 0000000000000157h
    00135  lea rcx,[rdi+1]
    0013d  cmp rcx,1000h
    00144  jae 0000000000000162h
    0014a  jmp 0000000000000162h
; trap: memory access out of bounds at line 9
    0014f  xor edx,edx
    00151  jmp qword ptr [198h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 15
    00157  mov edx,5
    0015c  jmp qword ptr [198h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 16
    00162  mov edx,6
    00167  jmp qword ptr [198h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0016d  mov rsp,[r15+28h]
    00171  ret
; external entry (from the interpreter)
    00172  mov rax,ADDR
    0017c  mov rcx,ADDR
    00186  lea r11,[8]
    0018d  jmp qword ptr [1A0h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00198  dq ADDR  ; glue: memory access out of bounds through jit_trap
    001a0  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

