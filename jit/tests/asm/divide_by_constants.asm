function by_10 (asm, 244 bytes)
    00000  jmp 000000000000004Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 6: div
    00013  mov rax,6666666666666667h
    0001d  imul rsi
    00020  sar rdx,2
    00024  mov rax,rdx
    00027  shr rax,3Fh
    0002b  add rax,rdx
    0002e  mov rdi,rax
; line 7: rem
    00031  imul r8,rdi,0Ah
    00038  sub rsi,r8
; line 8: add
    0003b  add rsi,rdi
; line 9: ret
    0003e  mov rax,rsi
    00041  mov rsp,rbp
    00044  pop rbp
    00045  ret
; unwind to the entry from the interpreter
    00046  mov rsp,[r15+28h]
    0004a  ret
; external entry (from the interpreter)
    0004b  push rbp
    0004c  mov rbp,rsp
    0004f  push rbx
    00050  push r12
    00052  push r13
    00054  push r14
    00056  push r15
    00058  mov r15,ADDR
    00062  mov [r15+30h],rdi
    00069  push qword ptr [r15+28h]
    00070  mov r14,8
    0007a  mov r13,[r15+10h]
    00081  sub r13,[r15]
    00088  lea rax,[0CDh]
    0008f  push rax
    00090  mov [r15+28h],rsp
    00097  sub rsp,8
    0009b  mov rdx,rsi
    0009e  sub rsp,10h
    000a5  mov rsi,[rdx]
    000ac  call 8
    000b1  xor edx,edx
    000b3  lea rsp,[rbp-30h]
    000ba  pop rcx
    000bb  mov [r15+28h],rcx
    000c2  pop r15
    000c4  pop r14
    000c6  pop r13
    000c8  pop r12
    000ca  pop rbx
    000cb  pop rbp
    000cc  ret
    000cd  lea rbp,[rsp+30h]
    000d5  mov edx,1
    000da  lea rsp,[rbp-30h]
    000e1  pop rcx
    000e2  mov [r15+28h],rcx
    000e9  pop r15
    000eb  pop r14
    000ed  pop r13
    000ef  pop r12
    000f1  pop rbx
    000f2  pop rbp
    000f3  ret

function by_8 (asm, 259 bytes)
    00000  jmp 000000000000005Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 12: div
    00013  mov rax,rsi
    00016  sar rax,3Fh
    0001a  shr rax,3Dh
    0001e  add rax,rsi
    00021  sar rax,3
    00025  mov rdi,rax
; line 13: rem
    00028  mov rcx,rsi
    0002b  mov rax,rcx
    0002e  sar rax,3Fh
    00032  shr rax,3Dh
    00036  add rax,rcx
    00039  sar rax,3
    0003d  shl rax,3
    00041  sub rcx,rax
    00044  mov rax,rcx
    00047  mov rsi,rax
; line 14: add
    0004a  add rsi,rdi
; line 15: ret
    0004d  mov rax,rsi
    00050  mov rsp,rbp
    00053  pop rbp
    00054  ret
; unwind to the entry from the interpreter
    00055  mov rsp,[r15+28h]
    00059  ret
; external entry (from the interpreter)
    0005a  push rbp
    0005b  mov rbp,rsp
    0005e  push rbx
    0005f  push r12
    00061  push r13
    00063  push r14
    00065  push r15
    00067  mov r15,ADDR
    00071  mov [r15+30h],rdi
    00078  push qword ptr [r15+28h]
    0007f  mov r14,8
    00089  mov r13,[r15+10h]
    00090  sub r13,[r15]
    00097  lea rax,[0DCh]
    0009e  push rax
    0009f  mov [r15+28h],rsp
    000a6  sub rsp,8
    000aa  mov rdx,rsi
    000ad  sub rsp,10h
    000b4  mov rsi,[rdx]
    000bb  call 8
    000c0  xor edx,edx
    000c2  lea rsp,[rbp-30h]
    000c9  pop rcx
    000ca  mov [r15+28h],rcx
    000d1  pop r15
    000d3  pop r14
    000d5  pop r13
    000d7  pop r12
    000d9  pop rbx
    000da  pop rbp
    000db  ret
    000dc  lea rbp,[rsp+30h]
    000e4  mov edx,1
    000e9  lea rsp,[rbp-30h]
    000f0  pop rcx
    000f1  mov [r15+28h],rcx
    000f8  pop r15
    000fa  pop r14
    000fc  pop r13
    000fe  pop r12
    00100  pop rbx
    00101  pop rbp
    00102  ret

function by_minus_1 (asm, 221 bytes)
    00000  jmp 0000000000000034h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 18: div
    00013  mov rax,rsi
    00016  neg rax
    00019  mov rdi,rax
; line 19: rem
    0001c  mov rcx,rsi
    0001f  xor eax,eax
    00021  mov rsi,rax
; line 20: add
    00024  add rsi,rdi
; line 21: ret
    00027  mov rax,rsi
    0002a  mov rsp,rbp
    0002d  pop rbp
    0002e  ret
; unwind to the entry from the interpreter
    0002f  mov rsp,[r15+28h]
    00033  ret
; external entry (from the interpreter)
    00034  push rbp
    00035  mov rbp,rsp
    00038  push rbx
    00039  push r12
    0003b  push r13
    0003d  push r14
    0003f  push r15
    00041  mov r15,ADDR
    0004b  mov [r15+30h],rdi
    00052  push qword ptr [r15+28h]
    00059  mov r14,8
    00063  mov r13,[r15+10h]
    0006a  sub r13,[r15]
    00071  lea rax,[0B6h]
    00078  push rax
    00079  mov [r15+28h],rsp
    00080  sub rsp,8
    00084  mov rdx,rsi
    00087  sub rsp,10h
    0008e  mov rsi,[rdx]
    00095  call 8
    0009a  xor edx,edx
    0009c  lea rsp,[rbp-30h]
    000a3  pop rcx
    000a4  mov [r15+28h],rcx
    000ab  pop r15
    000ad  pop r14
    000af  pop r13
    000b1  pop r12
    000b3  pop rbx
    000b4  pop rbp
    000b5  ret
    000b6  lea rbp,[rsp+30h]
    000be  mov edx,1
    000c3  lea rsp,[rbp-30h]
    000ca  pop rcx
    000cb  mov [r15+28h],rcx
    000d2  pop r15
    000d4  pop r14
    000d6  pop r13
    000d8  pop r12
    000da  pop rbx
    000db  pop rbp
    000dc  ret

